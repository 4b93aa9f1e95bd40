// ESLint flat config: typescript-eslint, react-hooks, import hygiene and the house import boundaries
// (ARCHITECTURE.md "Rules of the house": shared imports nothing from client or server; client and server never import each other).
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
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

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'var/**', 'coverage/**', 'bench-results/**', 'tests/e2e/artifacts/**'] },
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
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'import-x/no-duplicates': 'error',
      'import-x/first': 'error',
      'barback/kebab-case-files': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
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
