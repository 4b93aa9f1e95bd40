import type { toast as sonnerToast } from 'sonner';

/** Sonner's toast function: the one toast system. Only its type is imported here; the library loads on first use. */
export type ToastApi = typeof sonnerToast;

let toastApi: ToastApi | null = null;
let waiting: Array<(api: ToastApi) => void> = [];
let toasterRequested = false;
const requestListeners = new Set<() => void>();

/**
 * Runs `show` with Sonner's toast function once a Toaster is mounted. The first call asks the app (see
 * {@link subscribeToasterRequest}) to mount the lazily loaded Toaster, so Sonner's code is fetched only when a page
 * actually shows a toast, not on every first page load (the initial-JS budget).
 */
export function withToaster(show: (api: ToastApi) => void): void {
  if (toastApi) {
    show(toastApi);
    return;
  }
  waiting.push(show);
  if (!toasterRequested) {
    toasterRequested = true;
    for (const listener of requestListeners) listener();
  }
}

/** Called by the mounted Toaster (after it subscribed to Sonner's store) with Sonner's toast function; flushes waiting toasts. */
export function toasterMounted(api: ToastApi): void {
  toastApi = api;
  const queued = waiting;
  waiting = [];
  for (const show of queued) show(api);
}

/** For useSyncExternalStore: has any toast asked for the Toaster yet? */
export function isToasterRequested(): boolean {
  return toasterRequested;
}

/** For useSyncExternalStore: calls `listener` when the first toast asks for the Toaster. @returns unsubscribe */
export function subscribeToasterRequest(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

/**
 * Name of the window event that shows a toast (docs/product.md, Calls, "Other": the event name bb:toast triggers a
 * toast).
 */
export const TOAST_EVENT = 'bb:toast';

/** Detail of a 'bb:toast' CustomEvent. */
export interface ToastEventDetail {
  title: string;
  description?: string;
  variant?: 'default' | 'success' | 'error';
}

function isToastDetail(value: unknown): value is ToastEventDetail {
  return typeof value === 'object' && value !== null && typeof (value as { title?: unknown }).title === 'string';
}

/** Shows `detail` through Sonner (the one toast system). */
export function showToast({ title, description, variant = 'default' }: ToastEventDetail): void {
  const options = description ? { description } : undefined;
  withToaster((toast) => {
    if (variant === 'success') toast.success(title, options);
    else if (variant === 'error') toast.error(title, options);
    else toast(title, options);
  });
}

/** Dispatches a 'bb:toast' event on window; code that cannot import Sonner (or lives outside React) can use it. */
export function emitToast(detail: ToastEventDetail): void {
  window.dispatchEvent(new CustomEvent<ToastEventDetail>(TOAST_EVENT, { detail }));
}

/**
 * Shows a toast for every 'bb:toast' event; events without a string `title` are ignored.
 * @returns a function that removes the listener.
 */
export function listenForToastEvents(target: Window = window): () => void {
  const onToast = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (isToastDetail(detail)) showToast(detail);
  };
  target.addEventListener(TOAST_EVENT, onToast);
  return () => target.removeEventListener(TOAST_EVENT, onToast);
}
