import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The root config files, read as the source folders are. */
const ROOT_FILES = [
  'README.md',
  'eslint.config.js',
  'vite.config.ts',
  'vitest.config.ts',
  'vitest.setup.ts',
  'playwright.config.ts',
];

/** Every text file under `dir` (source, seed data, docs), skipping build output and dependencies. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (['node_modules', 'dist', 'var', 'artifacts'].includes(name) || name.startsWith('.')) return [];
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.(ts|tsx|mjs|js|json|md|css|html)$/.test(name) ? [full] : [];
  });
}

/** Words joined by a space: the patterns are built from pieces so that this file never matches them itself. */
const words = (...parts: string[]) => parts.join(' ');

/**
 * References to a tracker and a document the repo does not hold: a numbered issue, and the product document under
 * its old names. The product document is docs/product.md, cited by section name.
 */
const PATTERNS = [
  new RegExp(`\\b${words('issue', '#?\\d+')}`, 'i'),
  new RegExp(words('spec', 'section'), 'i'),
  new RegExp(`\\b${words('the', 'spec')}\\b`, 'i'),
  new RegExp(`\\b${words('the', 'brief')}\\b`, 'i'),
];

describe('references the reader can follow', () => {
  it('names no tracker issue and no document outside the repo: code, tests, scripts, docs and config cite docs/', () => {
    const offenders = ['src', 'tests', 'scripts', 'docs']
      .flatMap((dir) => filesUnder(path.join(ROOT, dir)))
      .concat(ROOT_FILES.map((name) => path.join(ROOT, name)).filter((file) => existsSync(file)))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            PATTERNS.some((pattern) => pattern.test(line)) ? [`${path.relative(ROOT, file)}:${index + 1}`] : [],
          ),
      );
    expect(offenders).toEqual([]);
  });
});
