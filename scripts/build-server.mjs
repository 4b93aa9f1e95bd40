/**
 * Builds the production server: bundles src/server/main.ts (and the src/shared code it uses) into one ES module,
 * dist/server/main.js, for plain `node` (no tsx at run time), with npm packages left as imports; copies the seed catalogue
 * (src/server/catalogue/seed/*.json) to dist/server/seed, where the bundled seed loader looks for it.
 * Run by `npm run build` (after the client's `vite build`) and by `npm start` when the build is missing or stale.
 */
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where the compiled server goes. */
export const SERVER_OUT_DIR = path.join(ROOT, 'dist', 'server');
/** The compiled entry point `npm start` runs. */
export const SERVER_ENTRY = path.join(SERVER_OUT_DIR, 'main.js');

/**
 * Bundles the server and copies the seed files.
 * @returns nothing; throws esbuild's error (with file and line) when the server does not compile.
 */
export async function buildServer() {
  rmSync(SERVER_OUT_DIR, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(ROOT, 'src', 'server', 'main.ts')],
    outfile: SERVER_ENTRY,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: { '@': path.join(ROOT, 'src') },
    sourcemap: true,
    logLevel: 'warning',
  });
  const seedFrom = path.join(ROOT, 'src', 'server', 'catalogue', 'seed');
  const seedTo = path.join(SERVER_OUT_DIR, 'seed');
  mkdirSync(seedTo, { recursive: true });
  for (const file of readdirSync(seedFrom).filter((name) => name.endsWith('.json'))) {
    copyFileSync(path.join(seedFrom, file), path.join(seedTo, file));
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildServer();
  console.log(`build: server compiled to ${path.relative(ROOT, SERVER_ENTRY)}`);
}
