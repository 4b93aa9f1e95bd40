import { BlockList, isIP } from 'node:net';
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
  return socketAddress(c) ?? 'unknown';
}

/**
 * The address of the socket the request came in on (never a header), or null when there is none (e.g. `app.request()`
 * in tests without `env.incoming`). Behind a proxy this is the proxy's address.
 */
export function socketAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** True for a loopback address: 127.0.0.0/8, ::1, or an IPv4-mapped 127.x address (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | null | undefined): boolean {
  if (!address) return false;
  const version = isIP(address);
  if (version === 0) return false;
  return LOOPBACK.check(address, version === 4 ? 'ipv4' : 'ipv6');
}
