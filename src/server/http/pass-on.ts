import type { Context, Next } from 'hono';

/** Seconds a page answered 503 asks a crawler or browser to wait before coming back (its `Retry-After`). */
export const PAGE_RETRY_AFTER_SECONDS = 30;

/**
 * Passes the request on (the next middleware, in the end the client's static files, serves the app's own page) and
 * answers it with `status` instead of the page's own: 404 for an address that names nothing (a cocktail the catalogue
 * does not have, a share link that is unknown or turned off), so search engines drop it while the app still draws its
 * own 'not found' page; 503 while the database is away, with `Retry-After` ({@link PAGE_RETRY_AFTER_SECONDS} s), so
 * they come back. Either way `Cache-Control: no-store`. The body and the other headers are the next answer's.
 * Never throws but what `next` throws.
 */
export async function answerWith(c: Context, next: Next, status: 404 | 503): Promise<void> {
  await next();
  // Set on the answer's own headers: Hono copies the previous answer's headers onto a replacement.
  const { headers } = c.res;
  headers.set('Cache-Control', 'no-store');
  if (status === 503) headers.set('Retry-After', String(PAGE_RETRY_AFTER_SECONDS));
  c.res = new Response(c.res.body, { status, headers });
}
