import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/** What the app shell's chunk starts from (vite.config.ts's 'app' group); every returning visit loads it. */
const SHELL_ENTRY = 'src/client/app/boot.tsx';

/** Packages too large for the shell: they load with the pages that need them (zod: 26 kB gzip). */
const NOT_IN_SHELL = ['zod'];

/** The specifiers `source` imports as values, statically (type-only imports and dynamic import() left out). */
function valueImports(source: string): string[] {
  const specifiers: string[] = [];
  const statement = /^\s*(import|export)\s+([\s\S]*?)\s*from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(statement)) {
    if (match[4]) {
      specifiers.push(match[4]);
      continue;
    }
    const clause = (match[2] ?? '').trim();
    if (clause.startsWith('type ')) continue;
    const named = /^\{([\s\S]*)\}$/.exec(clause);
    if (named && (named[1] ?? '').split(',').every((name) => name.trim() === '' || /^type\s/.test(name.trim()))) {
      continue;
    }
    specifiers.push(match[3] as string);
  }
  return specifiers;
}

/** The file `specifier` names from `from` (relative or '@/' paths; packages answer null). */
function resolve(specifier: string, from: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(ROOT, 'src', specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && !candidate.endsWith(path.sep) && /\.(tsx?|css)$/.test(candidate)) return candidate;
  }
  return null;
}

describe('the app shell chunk', () => {
  it(`imports none of ${NOT_IN_SHELL.join(', ')} statically, through any of its modules`, () => {
    const seen = new Set<string>();
    const offenders: string[] = [];
    const walk = (file: string, chain: string[]) => {
      if (seen.has(file) || file.endsWith('.css')) return;
      seen.add(file);
      for (const specifier of valueImports(readFileSync(file, 'utf8'))) {
        const packageName =
          specifier.startsWith('@') && !specifier.startsWith('@/') ? specifier : specifier.split('/')[0];
        if (packageName && NOT_IN_SHELL.includes(packageName)) {
          offenders.push([...chain, path.relative(ROOT, file), specifier].join(' -> '));
        }
        const next = resolve(specifier, file);
        if (next) walk(next, [...chain, path.relative(ROOT, file)]);
      }
    };
    walk(path.join(ROOT, SHELL_ENTRY), []);
    expect(seen.size).toBeGreaterThan(20);
    expect(offenders).toEqual([]);
  });
});
