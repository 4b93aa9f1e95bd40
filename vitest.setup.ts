/**
 * Runs before every test file (vitest.config.ts `setupFiles`):
 * - jest-dom's matchers (`toBeInTheDocument`, `toHaveTextContent`, `toBeDisabled`...) on `expect`;
 * - `console.error` fails the test unless it calls `allowConsoleError()` (src/client/test/console-error.ts);
 * - in jsdom test files (`// @vitest-environment jsdom`): React Testing Library's cleanup after each test.
 * Server tests stay in node and load nothing of the DOM.
 */
import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { failTestsOnConsoleError } from './src/client/test/console-error';

// Registered first so it runs last: after-each hooks run in reverse order, so cleanup's unmount is checked too.
failTestsOnConsoleError();

if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(cleanup);
}
