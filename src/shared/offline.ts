/**
 * What the service worker (src/client/sw.ts), the page that registers it and the server agree on.
 */

/** Where the server answers the app shell (app-shell.html) by a name of its own, so the worker can precache it. */
export const APP_SHELL_PATH = '/app-shell';

/** The worker's script, served from the root so its scope is the whole app. */
export const SERVICE_WORKER_PATH = '/sw.js';

/** The message a page posts to a waiting worker when the user takes 'Reload to update'. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';
