/// <reference lib="webworker" />
/**
 * Barback's service worker (built by vite-plugin-pwa's injectManifest into dist/client/sw.js; docs/operations.md,
 * "Offline"): the app installed and opening with no network.
 * - The build's files (scripts, styles, fonts, icons) and its two HTML pages, '/' and the app shell, are precached at
 *   install, all from the same build, so an offline page never names a chunk the cache lacks.
 * - '/' opens from the precache (the build's own page); every other page goes to the network first and, when the network
 *   fails or has not answered in {@link NAVIGATION_TIMEOUT_MS}, opens the precached app shell, which draws the page
 *   and says in it what needs the network.
 * - The API's reads are kept as they arrive and answer when the network is away (lib/offline/worker-api.ts); uploaded
 *   photos are kept too, the last MEDIA_ENTRIES of them. Signing out empties both.
 * - A new version installs in the background and waits: the page offers 'Reload to update' and sends SKIP_WAITING when
 *   the user takes it (lib/offline/register-worker.ts), so no page changes code mid-use.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { answerApiRead, answerSignOut, isKeptApiRead } from '@/client/lib/offline/worker-api';
import { APP_SHELL_PATH, MEDIA_CACHE, SKIP_WAITING_MESSAGE } from '@/shared/offline';

declare const self: ServiceWorkerGlobalScope;

/** Most uploaded photos kept for offline use. */
const MEDIA_ENTRIES = 300;

/** How long a page navigation waits for the network before the cached shell opens instead (bad reception), ms. */
const NAVIGATION_TIMEOUT_MS = 4000;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** The network's answer to `request`, or null when it fails or takes longer than NAVIGATION_TIMEOUT_MS. */
async function networkWithin(request: Request): Promise<Response | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), NAVIGATION_TIMEOUT_MS);
  });
  try {
    return await Promise.race([fetch(request).catch(() => null), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      const answered = await networkWithin(request);
      if (answered) return answered;
      return (await matchPrecache(APP_SHELL_PATH)) ?? Response.error();
    },
    { denylist: [/^\/api\//, /^\/\.well-known\//] },
  ),
);

registerRoute(
  ({ url, request }) => isKeptApiRead(url, request.method),
  ({ event }) => answerApiRead(event as FetchEvent),
);
registerRoute(
  ({ url }) => url.pathname === '/api/auth/sign-out',
  ({ request }) => answerSignOut(request),
  'POST',
);
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname.startsWith('/media/'),
  new CacheFirst({ cacheName: MEDIA_CACHE, plugins: [new ExpirationPlugin({ maxEntries: MEDIA_ENTRIES })] }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});

// The first install takes the open page at once, so what it fetches from now on is served offline too; an update
// only activates after SKIP_WAITING, and the page reloads then.
clientsClaim();
