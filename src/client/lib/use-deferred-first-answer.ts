import { useDeferredValue } from 'react';

/**
 * `value` as a deferred update until it first holds an answer, then as it is.
 *
 * A store answer (TanStack Query's, through useSyncExternalStore) renders synchronously: handed straight to a context
 * above the page, the first session or favorites answer made the whole page (the top bar, a half-hydrated page, every
 * heart) render, and hydrate what was left, in one blocking task at start (Total Blocking Time). Deferred,
 * only the provider renders at once and the page renders in interruptible slices right after.
 * Only the first answer waits: every later change (a sign-in, a purchase, a sign-out, a heart) is passed on at once,
 * so a guard reading it never acts on a stale answer; until the first one, readers see the loading value and wait.
 * @param value the live value, e.g. the session state.
 * @param hasAnswer whether a value holds an answer (not the loading state); called on the value shown.
 * @returns the value to hand on.
 */
export function useDeferredFirstAnswer<T>(value: T, hasAnswer: (value: T) => boolean): T {
  const deferred = useDeferredValue(value);
  return hasAnswer(deferred) ? value : deferred;
}
