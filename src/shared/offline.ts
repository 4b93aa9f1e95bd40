/**
 * What the service worker (src/client/sw.ts), the page that registers it and the server agree on.
 */

/** Where the server answers the app shell (app-shell.html) by a name of its own, so the worker can precache it. */
export const APP_SHELL_PATH = '/app-shell';

/** The worker's script, served from the root so its scope is the whole app. */
export const SERVICE_WORKER_PATH = '/sw.js';

/** The message a page posts to a waiting worker when the user takes 'Reload to update'. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

/**
 * The catalogue's offline index: every public cocktail's card for signed-in members, by name, at most
 * OFFLINE_INDEX_LIMIT of them, answered with the catalogue version as its ETag. The worker keeps it and answers the
 * list and search from it when the network is away (lib/offline/catalogue-search.ts).
 */
export const OFFLINE_INDEX_PATH = '/api/cocktails/offline-index';

/** Most cards the offline index holds (about 1 kB of JSON each, a fifth of that compressed). */
export const OFFLINE_INDEX_LIMIT = 5000;

/** The Cache Storage cache of the API's answers the worker keeps (personal ones included: emptied at sign-out). */
export const API_CACHE = 'barback-api';

/** The Cache Storage cache of uploaded photos the worker keeps (emptied at sign-out: own recipes' photos are personal). */
export const MEDIA_CACHE = 'barback-media';
