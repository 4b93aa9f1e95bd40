/**
 * Runs before every test file (vitest.config.ts `setupFiles`):
 * - jest-dom's matchers (`toBeInTheDocument`, `toHaveTextContent`, `toBeDisabled`...) on `expect`;
 * - `console.error` fails the test unless it calls `allowConsoleError()` (src/client/test/console-error.ts);
 * - in jsdom test files (`// @vitest-environment jsdom`): React Testing Library's cleanup after each test, and the msw
 *   server (src/client/test/msw-server.ts) answering the app's API requests: a request no handler answers fails the
 *   test, and the handlers a test added are dropped after it.
 * Server tests stay in node and load nothing of the DOM.
 */
import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { failTestsOnConsoleError } from './src/client/test/console-error';

// Registered first so it runs last: after-each hooks run in reverse order, so cleanup's unmount is checked too.
failTestsOnConsoleError();

if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  const { server } = await import('./src/client/test/msw-server');
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterEach(cleanup);
  afterAll(() => server.close());
}
