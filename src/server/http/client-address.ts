import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The client's network address, for rate limiting and logs. Read from the socket, or, when the deployment names a header
 * set by its trusted proxy (TRUST_PROXY_HEADER), from the first address in that header. A header the client could set is
 * never trusted otherwise.
 * @returns the address, or 'unknown' when neither source has one (e.g. `app.request()` in tests).
 */
export function clientAddress(c: Context, trustProxyHeader: string | null): string {
  if (trustProxyHeader) {
    const value = c.req.header(trustProxyHeader);
    const first = value?.split(',')[0]?.trim();
    if (first) return first;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
