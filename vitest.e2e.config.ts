import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Browser journeys: Playwright (playwright-core) driving Debian's Chromium against a real server per file. */
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/e2e/**/*.spec.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
