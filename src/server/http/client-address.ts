import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** Which proxy header to trust and how many of the deployment's own proxies append to it (config.ts). */
export interface ProxyTrust {
  trustProxyHeader: string | null;
  trustProxyHops: number;
}

/**
 * The address a list-valued proxy header (X-Forwarded-For: `client, proxy1, proxy2`) names for the client when `hops`
 * trusted proxies appended to it: the entry `hops` places from the right, as proxy-aware servers do (Express's `trust
 * proxy` count, nginx's real_ip with a trusted chain). Entries further left were written by the client. A header with
 * fewer entries than `hops` gives its leftmost entry (the request came through fewer proxies than configured).
 * @returns the address, or null for an empty header.
 */
export function forwardedClientAddress(value: string | undefined, hops: number): string | null {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return null;
  return entries[Math.max(0, entries.length - Math.max(1, hops))] ?? null;
}

/** How often a malformed proxy header is logged at most, ms: once a minute, however many requests carry one. */
export const MALFORMED_HEADER_LOG_INTERVAL_MS = 60_000;

/** Where {@link clientAddress} reports a malformed proxy header: a warning-level log line (see setClientAddressLogger). */
type MalformedHeaderSink = (details: { header: string; value: string }) => void;

let malformedHeaderSink: MalformedHeaderSink | null = null;
let lastMalformedReport = -Infinity;
let malformedSinceReport = 0;

/**
 * Sends {@link clientAddress}'s reports of malformed proxy headers to `logger` (at warn, at most once per
 * {@link MALFORMED_HEADER_LOG_INTERVAL_MS}, with how many were seen since the last line); null stops them. One per
 * process: createApp sets it.
 */
export function setClientAddressLogger(
  logger: { warn(details: object, message: string): void } | null,
  now: () => number = Date.now,
): void {
  lastMalformedReport = -Infinity;
  malformedSinceReport = 0;
  malformedHeaderSink = logger
    ? (details) => {
        const at = now();
        malformedSinceReport += 1;
        if (at - lastMalformedReport < MALFORMED_HEADER_LOG_INTERVAL_MS) return;
        logger.warn(
          { ...details, since: malformedSinceReport },
          'the trusted proxy header names no IP address: using the socket address',
        );
        lastMalformedReport = at;
        malformedSinceReport = 0;
      }
    : null;
}

/**
 * `entry` as an IP address when it is one (IPv4, IPv6, or IPv4-mapped IPv6, which is read as its IPv4 address so one
 * client has one bucket), else null: a name, `unknown`, a port suffix or any text a client made up.
 */
export function parseIpAddress(entry: string): string | null {
  const version = isIP(entry);
  if (version === 4) return entry;
  if (version !== 6) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(entry);
  return mapped?.[1] && isIP(mapped[1]) === 4 ? mapped[1] : entry.toLowerCase();
}

/**
 * The client's network address, for rate limiting and logs. Read from the socket, or, when the deployment names a header
 * set by its trusted proxies (TRUST_PROXY_HEADER, with TRUST_PROXY_HOPS of them), from the entry its outermost trusted
 * proxy added ({@link forwardedClientAddress}). Entries the client wrote are never trusted, and an entry that is not an
 * IP address ({@link parseIpAddress}) is not taken: the socket address is, and the header is reported (once a minute at
 * most, see {@link setClientAddressLogger}).
 * @param proxy the configuration, or just a header name (one trusted hop), or null to read the socket only
 * @returns the address, or 'unknown' when neither source has one (e.g. `app.request()` in tests).
 */
export function clientAddress(c: Context, proxy: ProxyTrust | string | null): string {
  const header = typeof proxy === 'string' ? proxy : (proxy?.trustProxyHeader ?? null);
  const hops = typeof proxy === 'object' && proxy !== null ? proxy.trustProxyHops : 1;
  if (header) {
    const value = c.req.header(header);
    const forwarded = forwardedClientAddress(value, hops);
    const address = forwarded === null ? null : parseIpAddress(forwarded);
    if (address) return address;
    if (value !== undefined) malformedHeaderSink?.({ header, value: value.slice(0, 100) });
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
