// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearDiagnosticLog,
  DIAGNOSTIC_LOG_LIMIT,
  getDiagnosticEntries,
  installDiagnosticListeners,
  logDiagnostic,
  ORIENTATION_DEBOUNCE_MS,
  RESIZE_DEBOUNCE_MS,
} from './diagnostic-log';

beforeEach(() => {
  clearDiagnosticLog();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => vi.useRealTimers());

describe('diagnostic log', () => {
  it('records timestamp, level, message, data, page and user agent', () => {
    window.history.replaceState(null, '', '/discover?q=sour');
    const entry = logDiagnostic('warn', 'Slow query', { ms: 900 });
    expect(entry).toMatchObject({ level: 'warn', message: 'Slow query', data: { ms: 900 }, page: '/discover?q=sour' });
    expect(entry.userAgent).toBe(navigator.userAgent);
    expect(Number.isNaN(Date.parse(entry.timestamp))).toBe(false);
  });

  it('keeps only the last 100 entries', () => {
    for (let i = 0; i < DIAGNOSTIC_LOG_LIMIT + 20; i += 1) logDiagnostic('info', `entry ${i}`);
    const entries = getDiagnosticEntries();
    expect(entries).toHaveLength(DIAGNOSTIC_LOG_LIMIT);
    expect(entries[0]?.message).toBe('entry 20');
  });

  it('logs a burst of resizes once, 250 ms after the last one', () => {
    const stop = installDiagnosticListeners(window);
    for (let i = 0; i < 5; i += 1) {
      window.dispatchEvent(new Event('resize'));
      vi.advanceTimersByTime(100);
    }
    expect(getDiagnosticEntries()).toHaveLength(0);
    vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS);
    stop();
    expect(getDiagnosticEntries().map((entry) => entry.message)).toEqual(['Window resized']);
  });

  it('logs orientation changes after 100 ms', () => {
    const stop = installDiagnosticListeners(window);
    window.dispatchEvent(new Event('orientationchange'));
    vi.advanceTimersByTime(ORIENTATION_DEBOUNCE_MS - 1);
    expect(getDiagnosticEntries()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    stop();
    expect(getDiagnosticEntries()[0]?.message).toBe('Orientation changed');
  });

  it('logs uncaught errors and unhandled rejections as errors', () => {
    const stop = installDiagnosticListeners(window);
    window.dispatchEvent(new ErrorEvent('error', { message: 'boom', error: new Error('boom') }));
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = new Error('lost promise');
    window.dispatchEvent(rejection);
    stop();
    const entries = getDiagnosticEntries();
    expect(entries.map((entry) => [entry.level, entry.message])).toEqual([
      ['error', 'boom'],
      ['error', 'Unhandled promise rejection'],
    ]);
    expect(entries[1]?.data).toMatchObject({ message: 'lost promise' });
  });
});
