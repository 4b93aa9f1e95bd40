/**
 * In-memory diagnostic log (docs/product.md, Records, "Diagnostic log entry"; Constants and limits, "Timers"): keeps
 * the last 100 entries, records window resizes (debounced 250 ms), orientation changes (debounced 100 ms), uncaught
 * errors and unhandled promise rejections. The debug panel lists it in debug mode.
 */

/** Severity of one entry. */
export type DiagnosticLevel = 'debug' | 'info' | 'warn' | 'error';

/** One log entry. timestamp: ISO 8601; page: path + query at the time; data: any JSON-friendly detail or null. */
export interface DiagnosticEntry {
  timestamp: string;
  level: DiagnosticLevel;
  message: string;
  data: unknown;
  page: string;
  userAgent: string;
}

/** Most entries kept; older ones are dropped first (docs/product.md, Constants and limits). */
export const DIAGNOSTIC_LOG_LIMIT = 100;
/**
 * Resize events are logged once the window has stopped resizing for this long, ms (docs/product.md, Constants and
 * limits).
 */
export const RESIZE_DEBOUNCE_MS = 250;
/** Orientation changes are logged once they settle for this long, ms (docs/product.md, Constants and limits). */
export const ORIENTATION_DEBOUNCE_MS = 100;

let entries: readonly DiagnosticEntry[] = [];
const listeners = new Set<() => void>();

/**
 * Appends an entry, dropping the oldest beyond 100, and notifies subscribers.
 * @returns the stored entry
 */
export function logDiagnostic(level: DiagnosticLevel, message: string, data: unknown = null): DiagnosticEntry {
  const entry: DiagnosticEntry = {
    timestamp: new Date().toISOString(),
    level,
    message,
    data,
    page: typeof window === 'undefined' ? '' : `${window.location.pathname}${window.location.search}`,
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
  };
  const next = [...entries, entry];
  entries = next.length > DIAGNOSTIC_LOG_LIMIT ? next.slice(next.length - DIAGNOSTIC_LOG_LIMIT) : next;
  for (const listener of listeners) listener();
  return entry;
}

/** The entries, oldest first (a stable array: it only changes identity when the log changes). */
export function getDiagnosticEntries(): readonly DiagnosticEntry[] {
  return entries;
}

/** Empties the log and notifies subscribers. */
export function clearDiagnosticLog(): void {
  entries = [];
  for (const listener of listeners) listener();
}

/** Subscribes to log changes; returns the unsubscribe function. */
export function subscribeDiagnosticLog(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function describeError(value: unknown): { message: string; stack?: string } {
  if (value instanceof Error) return { message: value.message, stack: value.stack };
  return { message: typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)) };
}

/**
 * Starts the window listeners: resize (debounced 250 ms), orientationchange (debounced 100 ms), error, unhandledrejection.
 * @returns a function that removes every listener and pending timer.
 */
export function installDiagnosticListeners(target: Window = window): () => void {
  let resizeTimer: ReturnType<typeof setTimeout> | undefined;
  let orientationTimer: ReturnType<typeof setTimeout> | undefined;

  const onResize = () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => {
      logDiagnostic('info', 'Window resized', { width: target.innerWidth, height: target.innerHeight });
    }, RESIZE_DEBOUNCE_MS);
  };
  const onOrientation = () => {
    clearTimeout(orientationTimer);
    orientationTimer = setTimeout(() => {
      const orientation =
        target.screen?.orientation?.type ?? (target.innerWidth > target.innerHeight ? 'landscape' : 'portrait');
      logDiagnostic('info', 'Orientation changed', {
        orientation,
        width: target.innerWidth,
        height: target.innerHeight,
      });
    }, ORIENTATION_DEBOUNCE_MS);
  };
  const onError = (event: ErrorEvent) => {
    logDiagnostic('error', event.message || 'Uncaught error', {
      ...describeError(event.error),
      source: event.filename,
      line: event.lineno,
      column: event.colno,
    });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    logDiagnostic('error', 'Unhandled promise rejection', describeError(event.reason));
  };

  target.addEventListener('resize', onResize);
  target.addEventListener('orientationchange', onOrientation);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    clearTimeout(resizeTimer);
    clearTimeout(orientationTimer);
    target.removeEventListener('resize', onResize);
    target.removeEventListener('orientationchange', onOrientation);
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
