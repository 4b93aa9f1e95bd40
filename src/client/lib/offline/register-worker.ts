import { SERVICE_WORKER_PATH } from '@/shared/offline';
import { withToaster } from '@/client/lib/toast-events';

/** The toast a waiting new version shows, and its button (docs/product.md, Offline). */
export const UPDATE_READY_TEXT = 'A new version of Barback is ready.';
export const UPDATE_ACTION_TEXT = 'Reload to update';

/**
 * Registers the service worker (sw.ts) with workbox-window and, when a new version has installed and waits, offers
 * 'Reload to update': the waiting worker takes over, and the page reloads, only when the user asks, never mid-use.
 * Once registered, asks for persistent storage (`navigator.storage.persist()`), so the offline copy is not evicted first.
 * @returns false where service workers are unavailable (an iOS web view without App-Bound Domains, some private windows)
 *   or registration failed; true once registered
 */
export async function registerWorker(win: Window = window): Promise<boolean> {
  if (!('serviceWorker' in win.navigator)) return false;
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox(SERVICE_WORKER_PATH, { scope: '/' });
  workbox.addEventListener('waiting', () => {
    withToaster((toast) =>
      toast(UPDATE_READY_TEXT, {
        id: 'barback-update',
        duration: Number.POSITIVE_INFINITY,
        action: {
          label: UPDATE_ACTION_TEXT,
          onClick: () => {
            workbox.addEventListener('controlling', () => win.location.reload());
            workbox.messageSkipWaiting();
          },
        },
      }),
    );
  });
  try {
    await workbox.register();
  } catch {
    return false;
  }
  // The offline copy is worth keeping: ask the browser not to evict it under storage pressure (it may say no).
  await win.navigator.storage?.persist?.().catch(() => false);
  return true;
}

/** How long after load the worker registers when the visitor has not touched the page yet, ms. */
export const REGISTER_AFTER_LOAD_MS = 10_000;
/**
 * The first of these after load registers the worker at once (the page is in use, its first paint long done). Only a
 * person makes them: 'scroll' is left out, as a page's own scrolling (restoring a position, focusing a field) fires it.
 */
const FIRST_USE_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Registers the worker after load, at the visitor's first touch of the page or {@link REGISTER_AFTER_LOAD_MS} after
 * load, whichever comes first, when the main thread is idle. Its install downloads the whole build (about 2 MB): started
 * at load it fell inside the page's own start-up and raised the returning visit's Total Blocking Time, so it waits until
 * the page is done starting (ADR 005). Production builds only: the dev server's modules are not the build the worker
 * precaches.
 */
export function registerWorkerAfterLoad(win: Window = window, doc: Document = document): void {
  if (!import.meta.env.PROD || !('serviceWorker' in win.navigator)) return;
  const start = () => {
    let started = false;
    const register = () => {
      if (started) return;
      started = true;
      win.clearTimeout(timer);
      for (const type of FIRST_USE_EVENTS) win.removeEventListener(type, register, true);
      const idle = win.requestIdleCallback ?? ((run: () => void) => win.setTimeout(run, 200));
      idle(() => void registerWorker(win));
    };
    const timer = win.setTimeout(register, REGISTER_AFTER_LOAD_MS);
    for (const type of FIRST_USE_EVENTS) win.addEventListener(type, register, { capture: true, passive: true });
  };
  if (doc.readyState === 'complete') start();
  else win.addEventListener('load', start, { once: true });
}
