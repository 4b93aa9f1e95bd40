import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Unit and server-integration tests: every `*.test.ts(x)` beside the code and in tests/ (browser journeys,
 * `tests/e2e/*.spec.ts`, run on @playwright/test: playwright.config.ts). Tests run in node; a client test that needs a DOM says so with a
 * `// @vitest-environment jsdom` docblock. vitest.setup.ts adds jest-dom's matchers, makes console.error fail a test and,
 * in jsdom files, cleans up after each test.
 */
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./vitest.setup.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
