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

/**
 * Registers the worker once the page has loaded and the main thread is idle, so it never competes with the first
 * paint (ADR 005). Production builds only: the dev server's modules are not the build the worker precaches.
 */
export function registerWorkerAfterLoad(win: Window = window, doc: Document = document): void {
  if (!import.meta.env.PROD || !('serviceWorker' in win.navigator)) return;
  const start = () => {
    const idle = win.requestIdleCallback ?? ((run: () => void) => win.setTimeout(run, 1000));
    idle(() => void registerWorker(win));
  };
  if (doc.readyState === 'complete') start();
  else win.addEventListener('load', start, { once: true });
}
