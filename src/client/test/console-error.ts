import { format } from 'node:util';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * `console.error` fails a unit test (vitest.setup.ts installs the check for every test file): React's warnings (act,
 * keys, invalid DOM nesting) and our own error reports land there, and a test that passes while logging one hides a bug.
 * A test that expects an error to be logged (an error boundary's report) says so with {@link allowConsoleError}.
 */

/** The state is kept on globalThis so the setup file and a test file see the same flag whatever module graph they use. */
const STATE = Symbol.for('barback.test.consoleError');
interface ConsoleErrorState {
  logged: unknown[][];
  allowed: boolean;
}
function state(): ConsoleErrorState {
  const holder = globalThis as typeof globalThis & { [STATE]?: ConsoleErrorState };
  holder[STATE] ??= { logged: [], allowed: false };
  return holder[STATE];
}

/**
 * Lets the current test log with console.error (silently). Reset after each test.
 * @returns the console.error spy, to assert on what was logged.
 */
export function allowConsoleError() {
  state().allowed = true;
  return vi.mocked(console.error);
}

/** Registers the hooks: spy on console.error before each test, fail the test after it when it logged unexpectedly. */
export function failTestsOnConsoleError(): void {
  const original = console.error;
  beforeEach(() => {
    const current = state();
    current.logged = [];
    current.allowed = false;
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      current.logged.push(args);
      if (!current.allowed) original.apply(console, args);
    });
  });
  afterEach(() => {
    const { logged, allowed } = state();
    vi.mocked(console.error).mockRestore?.();
    console.error = original;
    if (allowed || logged.length === 0) return;
    const messages = logged.map((args) => `  - ${format(...args).split('\n')[0]}`).join('\n');
    throw new Error(
      `console.error was called ${logged.length} time(s) during this test (call allowConsoleError() if it is expected):\n${messages}`,
    );
  });
}
