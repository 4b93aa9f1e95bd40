/**
 * `npm start`: builds the client with `vite build` when dist/client is missing or older than any file in src/client,
 * src/shared or vite.config.ts, then runs the server (migrate, seed, listen on PORT, default 3000).
 * A failed build stops here with vite's output; without a client at all (no src/client/index.html) the server still starts
 * and answers the API, and pages answer 503 "client not built".
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '@/server/config';
import { runMain } from '@/server/main';

const CLIENT_INDEX = path.join(PROJECT_ROOT, 'dist', 'client', 'index.html');
const SOURCES = ['src/client', 'src/shared', 'vite.config.ts'].map((p) => path.join(PROJECT_ROOT, p));

/** Newest modification time (ms) of a file or of any file under a folder; 0 when missing. */
export function newestMtime(target: string): number {
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
 * True when the client build is missing or older than its sources.
 * @param paths the build's index.html and the source files or folders it is made from (defaults: this project's).
 */
export function clientBuildIsStale({
  index = CLIENT_INDEX,
  sources = SOURCES,
}: { index?: string; sources?: string[] } = {}): boolean {
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return sources.some((source) => newestMtime(source) > built);
}

function buildClient(): void {
  if (!existsSync(path.join(PROJECT_ROOT, 'src', 'client', 'index.html'))) {
    console.warn('start: src/client/index.html is missing, so there is no client to build; starting the API only.');
    return;
  }
  console.log('start: building the client (vite build)...');
  const vite = path.join(PROJECT_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(
      `start: vite build failed (exit ${result.status ?? result.signal}); fix the client and run npm start again.`,
    );
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (clientBuildIsStale()) buildClient();
  await runMain();
}
