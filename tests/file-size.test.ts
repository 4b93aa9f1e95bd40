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

/** Files still to split, each capped at its present length so it can only shrink; remove an entry once it is under. */
const NOT_YET_SPLIT = new Map<string, number>([['src/shared/domain/my-bar.ts', 407]]);

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
      .filter(({ file, lines }) => lines > (NOT_YET_SPLIT.get(file) ?? MAX_LINES) && !DATA_FILES.has(file))
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });

  it('lists as not yet split only files that still are over the limit', () => {
    const done = [...NOT_YET_SPLIT.keys()].filter(
      (file) => readFileSync(path.join(ROOT, file), 'utf8').split('\n').length <= MAX_LINES,
    );
    expect(done).toEqual([]);
  });
});
