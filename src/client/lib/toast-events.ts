import { toast } from 'sonner';

/** Name of the window event that shows a toast (spec section 7 "Other": the event name bb:toast triggers a toast). */
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
  if (variant === 'success') toast.success(title, options);
  else if (variant === 'error') toast.error(title, options);
  else toast(title, options);
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
