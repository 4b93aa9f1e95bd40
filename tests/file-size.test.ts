import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Past this many lines a source file usually holds a second job, which gets a file of its own. */
const MAX_LINES = 400;

/** Files that are data, not logic, and may be longer (each says why). */
const DATA_FILES = new Map<string, string>([
  ['src/server/db/types.ts', "the tables' row types, one interface a table, checked against the schema"],
]);

/** Every TypeScript source file under `dir`, tests and generated output left out. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (['node_modules', 'dist'].includes(name) || name.startsWith('.')) return [];
    if (statSync(full).isDirectory()) return sourcesUnder(full);
    return /\.(ts|tsx|mjs)$/.test(name) && !/\.(test|spec)\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

describe('rooms with one job each', () => {
  it(`keeps every non-test source file under ${MAX_LINES} lines, data files aside`, () => {
    const long = ['src', 'scripts']
      .flatMap((dir) => sourcesUnder(path.join(ROOT, dir)))
      .map((file) => ({ file: path.relative(ROOT, file), lines: readFileSync(file, 'utf8').split('\n').length }))
      .filter(({ file, lines }) => lines > MAX_LINES && !DATA_FILES.has(file))
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
