import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Every text file under `dir` (source, seed data, docs), skipping build output and dependencies. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (['node_modules', 'dist', 'var', 'artifacts'].includes(name) || name.startsWith('.')) return [];
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.(ts|tsx|mjs|js|json|md|css|html)$/.test(name) ? [full] : [];
  });
}

describe('one spelling of favorites', () => {
  it("uses 'favorite' everywhere: UI text, code, API, database and seed copy (regression: both spellings on one screen)", () => {
    const offenders = ['src', 'tests', 'scripts', 'docs']
      .flatMap((dir) => filesUnder(path.join(ROOT, dir)))
      .concat(path.join(ROOT, 'README.md'))
      .filter((file) => file !== path.join(ROOT, 'tests', 'spelling.test.ts'))
      .filter((file) => /favourit/i.test(path.basename(file)) || /favourit/i.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(ROOT, file));
    expect(offenders).toEqual([]);
  });
});
