/**
 * Every package scripts/** imports is declared in package.json: a package that only comes in through another one's
 * dependencies (puppeteer-core and chrome-launcher through lighthouse) can change or vanish with that package's update.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPTS = path.join(ROOT, 'scripts');
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

/** The source files under `dir`, recursively, as paths relative to the project root. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) ? [path.relative(ROOT, full)] : [];
  });
}

/**
 * The module specifiers `text` imports: static imports and re-exports (type-only ones too: their package must be there
 * for the typecheck), `import()` and `require()` of a string.
 */
function importedSpecifiers(text: string): string[] {
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles.map((file) => file.fileName);
}

/** The package a bare specifier names (`@scope/name` or `name`), or null for a relative path, a builtin or `@/…`. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('@/')) return null;
  if (specifier.startsWith('node:') || isBuiltin(specifier)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The packages package.json declares (any kind of dependency). */
function declaredPackages(): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<
    string,
    Record<string, string> | undefined
  >;
  const kinds = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];
  return new Set(kinds.flatMap((kind) => Object.keys(manifest[kind] ?? {})));
}

describe('the packages scripts/** imports', () => {
  it('reads specifiers of every kind, and tells packages from paths and builtins', () => {
    const text = [
      "import a from 'alpha/sub';",
      "import type { B } from '@scope/beta/deep';",
      "export * from './local';",
      "const c = await import('gamma');",
      "const d = require('node:fs');",
      "import '@/server/app';",
      'const template = `import x from "not-an-import"`;',
    ].join('\n');
    const specifiers = importedSpecifiers(text);
    expect(specifiers).toEqual(['alpha/sub', '@scope/beta/deep', './local', 'gamma', 'node:fs', '@/server/app']);
    expect(specifiers.map(packageOf)).toEqual(['alpha', '@scope/beta', null, 'gamma', null, null]);
    expect(packageOf('path')).toBeNull();
  });

  it('are each declared in package.json', () => {
    const declared = declaredPackages();
    const files = sourceFiles(SCRIPTS);
    expect(files.length).toBeGreaterThan(20);
    const undeclared = files.flatMap((file) =>
      importedSpecifiers(readFileSync(path.join(ROOT, file), 'utf8'))
        .map(packageOf)
        .filter((name): name is string => name !== null && !declared.has(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(undeclared, 'imported by scripts/**, not in package.json').toEqual([]);
  });
});
