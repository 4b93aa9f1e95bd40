/**
 * `npm start`: runs the compiled server with plain node. First builds what is missing or older than its sources: the
 * client (`vite build` -> dist/client, from src/client, src/shared, vite.config.ts) and the server (esbuild ->
 * dist/server/main.js, from src/server, src/shared, package.json). Then migrates, seeds and listens on PORT (default
 * 3000). A failed build stops here with the build's output; without a client at all (no src/client/index.html) the server
 * still starts and answers the API, and pages answer 503 "client not built".
 */
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLIENT_INDEX = path.join(ROOT, 'dist', 'client', 'index.html');
const CLIENT_SOURCES = ['src/client', 'src/shared', 'vite.config.ts'].map((p) => path.join(ROOT, p));
const SERVER_ENTRY = path.join(ROOT, 'dist', 'server', 'main.js');
const SERVER_SOURCES = ['src/server', 'src/shared', 'package.json', 'scripts/build-server.mjs'].map((p) =>
  path.join(ROOT, p),
);

/**
 * Newest modification time of a file or of any file under a folder (node_modules and dot-folders skipped).
 * @param {string} target a file or folder path
 * @returns {number} ms since the epoch; 0 when missing
 */
export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/**
 * True when a build output is missing or older than any of its sources.
 * @param {{ output: string, sources: string[] }} build the built file and the files or folders it is made from
 * @returns {boolean}
 */
export function buildIsStale({ output, sources }) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(source) > built);
}

/**
 * True when the client build is missing or older than its sources.
 * @param {{ index?: string, sources?: string[] }} [paths] the build's index.html and its sources (defaults: this project's)
 * @returns {boolean}
 */
export function clientBuildIsStale({ index = CLIENT_INDEX, sources = CLIENT_SOURCES } = {}) {
  return buildIsStale({ output: index, sources });
}

/** Runs `node <script> ...args` in the project and stops the process with a clear message when it fails. */
function run(what, script, args) {
  console.log(`start: ${what}...`);
  const result = spawnSync(process.execPath, [script, ...args], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`start: ${what} failed (exit ${result.status ?? result.signal}); fix it and run npm start again.`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // Cluster workers (WEB_CONCURRENCY > 1) run this file again: the primary has already built what was stale.
  if (cluster.isPrimary && clientBuildIsStale()) {
    if (existsSync(path.join(ROOT, 'src', 'client', 'index.html'))) {
      run('building the client (vite build)', path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), ['build']);
    } else {
      console.warn('start: src/client/index.html is missing, so there is no client to build; starting the API only.');
    }
  }
  if (cluster.isPrimary && buildIsStale({ output: SERVER_ENTRY, sources: SERVER_SOURCES })) {
    run('building the server (esbuild)', path.join(ROOT, 'scripts', 'build-server.mjs'), []);
  }
  const { runMain } = await import(pathToFileURL(SERVER_ENTRY).href);
  await runMain();
}
