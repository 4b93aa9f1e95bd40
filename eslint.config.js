// ESLint flat config: typescript-eslint, react-hooks, import hygiene and the house import boundaries
// (ARCHITECTURE.md "Rules of the house": shared imports nothing from client or server; client and server never import each other).
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** A local rule: source file names are kebab-case (ARCHITECTURE.md: "kebab-case files"). */
const kebabCaseFiles = {
  meta: { type: 'suggestion', schema: [], messages: { kebab: 'File name "{{name}}" must be kebab-case.' } },
  create(context) {
    return {
      Program(node) {
        const base = path.basename(context.filename).split('.')[0] ?? '';
        if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(base))
          context.report({ node, messageId: 'kebab', data: { name: base } });
      },
    };
  },
};

const boundary = (group, message) => ({ group, message });

/** The feature folders of one side: every folder of `dir` but the shared, cross-cutting ones. */
const foldersOf = (dir, except = []) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !except.includes(entry.name))
    .map((entry) => entry.name);
const clientFeatures = foldersOf('src/client/features');
const serverFeatures = foldersOf('src/server', ['db', 'http', 'lib']);

/**
 * Import boundaries inside each side (bulletproof-react's unidirectional architecture):
 * - client: shared code (components, lib, config, test) -> features -> app. A feature imports no other feature and not
 *   the app; the app composes features; components, lib and config import no feature and not the app.
 * - server: a feature uses another feature only through its public index.ts (migrations too); lib uses no feature;
 *   http (middleware, guards, rate limits) is a lower layer: it imports no feature and not the app, and of db only its
 *   table types (lib, errors, config and logger are its to use).
 * Tests and their helpers may compose several features (an integration test renders what the app renders), so the
 * zones apply to source files only; no-cycle applies everywhere.
 */
const importZones = [
  ...clientFeatures.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`],
    message:
      'A client feature does not import another feature: compose them in src/client/app, or move shared code to lib.',
  })),
  {
    target: './src/client/features',
    from: './src/client/app',
    message: 'Features do not import the app: the app composes features, not the other way round.',
  },
  {
    target: ['./src/client/components', './src/client/lib', './src/client/config', './src/client/test'],
    from: ['./src/client/features', './src/client/app'],
    message: 'Shared client code (components, lib, config) imports no feature and not the app.',
  },
  ...serverFeatures.flatMap((feature) =>
    serverFeatures
      .filter((other) => other !== feature)
      .map((other) => ({
        target: `./src/server/${feature}`,
        from: `./src/server/${other}`,
        except: ['./index.ts'],
        message: `A server feature uses another feature only through its public index.ts (src/server/${other}/index.ts).`,
      })),
  ),
  {
    target: './src/server/lib',
    from: serverFeatures.map((feature) => `./src/server/${feature}`),
    message: 'server/lib uses no feature.',
  },
  {
    target: './src/server/http',
    from: [
      ...serverFeatures.map((feature) => `./src/server/${feature}`),
      './src/server/app.ts',
      './src/server/main.ts',
      './src/server/cluster.ts',
    ],
    message:
      'server/http is a lower layer: it imports no feature and not the app (only lib, db types, errors, config, logger).',
  },
  {
    target: './src/server/http',
    from: './src/server/db',
    except: ['./types.ts'],
    message: 'server/http uses only the table types of db (db/types.ts).',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'var/**',
      'coverage/**',
      'bench-results/**',
      'tests/e2e/artifacts/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: {
      'import-x': importX,
      'react-hooks': reactHooks,
      barback: { rules: { 'kebab-case-files': kebabCaseFiles } },
    },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json', alwaysTryTypes: true })],
      // Without these, import-x parses no .ts/.tsx file it follows, and no-cycle never sees a loop.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'import-x/no-duplicates': 'error',
      'import-x/first': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'barback/kebab-case-files': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: importZones }] },
  },
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            boundary(
              ['@/client/*', '@/server/*', '**/client/*', '**/server/*'],
              'src/shared is pure: it imports nothing from client or server.',
            ),
            boundary(
              ['node:*', 'react', 'react-dom', 'hono', 'kysely'],
              'src/shared has no I/O and no framework imports.',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            boundary(
              ['@/server/*', '**/server/*'],
              'The client never imports the server: share code through src/shared.',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            boundary(
              ['@/client/*', '**/client/*'],
              'The server never imports the client: share code through src/shared.',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts', 'scripts/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
