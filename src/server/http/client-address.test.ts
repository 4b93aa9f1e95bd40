import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import {
  clientAddress,
  forwardedClientAddress,
  MALFORMED_HEADER_LOG_INTERVAL_MS,
  parseIpAddress,
  setClientAddressLogger,
} from './client-address';

describe('clientAddress', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const app = new Hono();
    app.get('/direct', (c) => c.text(clientAddress(c, null)));
    app.get('/proxied', (c) => c.text(clientAddress(c, 'x-forwarded-for')));
    app.get('/two-proxies', (c) =>
      c.text(clientAddress(c, { trustProxyHeader: 'x-forwarded-for', trustProxyHops: 2 })),
    );
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => setClientAddressLogger(null));

  it('reads the socket and ignores a forwarded header nobody said to trust', async () => {
    const response = await fetch(`${base}/direct`, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(await response.text()).toBe('127.0.0.1');
  });

  it('reads the entry the trusted proxy added (the right-most), never one the client wrote', async () => {
    // The client sent 'X-Forwarded-For: 198.51.100.7'; our one proxy appended the address it saw, 203.0.113.9.
    const response = await fetch(`${base}/proxied`, { headers: { 'X-Forwarded-For': '198.51.100.7, 203.0.113.9' } });
    expect(await response.text()).toBe('203.0.113.9');
    expect(await (await fetch(`${base}/proxied`)).text()).toBe('127.0.0.1');
  });

  it('counts TRUST_PROXY_HOPS proxies from the right', async () => {
    const headers = { 'X-Forwarded-For': '198.51.100.7, 203.0.113.9, 10.0.0.2' };
    expect(await (await fetch(`${base}/two-proxies`, { headers })).text()).toBe('203.0.113.9');
    expect(forwardedClientAddress('203.0.113.9', 2)).toBe('203.0.113.9');
    expect(forwardedClientAddress(' , ', 1)).toBeNull();
    expect(forwardedClientAddress(undefined, 1)).toBeNull();
  });

  it.each([
    ['a word', 'x'],
    ['unknown', 'unknown'],
    ['300 characters', 'a'.repeat(300)],
    ['an address with a port', '203.0.113.9:443'],
    ['a bracketed IPv6 address', '[2001:db8::1]'],
    ['a host name', 'proxy.internal'],
    ['an IPv4 address with a fifth part', '203.0.113.9.1'],
  ])('takes the socket address when the trusted entry is %s, and reports it once a minute', async (_, entry) => {
    const warnings: object[] = [];
    let now = 1_000_000;
    setClientAddressLogger({ warn: (details) => warnings.push(details) }, () => now);
    const headers = { 'X-Forwarded-For': entry };
    expect(await (await fetch(`${base}/proxied`, { headers })).text()).toBe('127.0.0.1');
    expect(await (await fetch(`${base}/proxied`, { headers })).text()).toBe('127.0.0.1');
    expect(warnings).toEqual([{ header: 'x-forwarded-for', value: entry.slice(0, 100), since: 1 }]);
    now += MALFORMED_HEADER_LOG_INTERVAL_MS;
    expect(await (await fetch(`${base}/proxied`, { headers })).text()).toBe('127.0.0.1');
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toMatchObject({ since: 2 });
  });

  it('takes IPv4, IPv6 and IPv4-mapped entries, one bucket per client', async () => {
    const read = async (entry: string) =>
      (await fetch(`${base}/proxied`, { headers: { 'X-Forwarded-For': `198.51.100.7, ${entry}` } })).text();
    expect(await read('203.0.113.9')).toBe('203.0.113.9');
    expect(await read('2001:DB8::1')).toBe('2001:db8::1');
    expect(await read('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(parseIpAddress('::ffff:c000:0280')).toBe('::ffff:c000:0280');
    expect(parseIpAddress('')).toBeNull();
  });
});
