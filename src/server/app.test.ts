import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema, type ApiErrorBody } from '@/shared/schemas/api-error';
import { healthSchema, type Health } from '@/shared/schemas/health';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { testDialects } from '../../tests/support/test-database';
import { createApp, RETRY_AFTER_SECONDS } from './app';
import { loadConfig } from './config';
import { createDatabase } from './db/database';
import { CLIENT_NOT_BUILT_TEXT } from './http/client-static';
import { createSilentLogger } from './logger';

const event = (overrides: Record<string, unknown> = {}) => ({
  type: 'search_performed',
  timestamp: '2025-03-01T12:00:00.000Z',
  userId: 'user-1',
  plan: 'pro',
  props: { q: 'negroni' },
  ...overrides,
});

const post = (body: string, headers: Record<string, string> = { 'Content-Type': 'application/json' }) => ({
  method: 'POST',
  body,
  headers,
});

describe.each(testDialects())('the app on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(() => t.close());

  describe('GET /api/health', () => {
    it('answers 200 with the database reachable', async () => {
      const { status, body, headers } = await t.json<Health>('/api/health');
      expect(status).toBe(200);
      expect(healthSchema.parse(body)).toEqual(body);
      expect(body).toMatchObject({ status: 'ok', version: '9.9.9-test', database: { reachable: true, dialect } });
      expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
      expect(headers.get('cache-control')).toBe('no-store');
    });
  });

  describe('POST /api/events', () => {
    it('stores each event and answers 202 with the count', async () => {
      const batch = {
        events: [event(), event({ type: 'paywall_view', userId: null, plan: null, props: { cycle: 'annual' } })],
      };
      const { status, body } = await t.json('/api/events', post(JSON.stringify(batch)));
      expect(status).toBe(202);
      expect(body).toEqual({ accepted: 2 });
      const rows = await t.database.db.selectFrom('analytics_event').selectAll().orderBy('id').execute();
      expect(rows).toHaveLength(2);
      // An anonymous caller's events are attributed to nobody, whatever userId the client sent.
      expect(rows[0]).toMatchObject({ type: 'search_performed', user_id: null, plan: 'pro' });
      expect(JSON.parse(rows[0]!.props)).toEqual({ q: 'negroni' });
      expect(new Date(rows[0]!.occurred_at).toISOString()).toBe('2025-03-01T12:00:00.000Z');
      expect(rows[1]).toMatchObject({ type: 'paywall_view', user_id: null, plan: null });
      expect(Date.now() - new Date(rows[1]!.received_at).getTime()).toBeLessThan(60_000);
    });

    it('accepts a text/plain body (navigator.sendBeacon)', async () => {
      const { status } = await t.json(
        '/api/events',
        post(JSON.stringify({ events: [event()] }), { 'Content-Type': 'text/plain' }),
      );
      expect(status).toBe(202);
    });

    it.each([
      ['malformed JSON', '{"events": [', 'BAD_REQUEST', /^body is not valid JSON: /],
      ['an empty body', '', 'BAD_REQUEST', /^body is empty/],
      ['no events', '{"events": []}', 'VALIDATION_FAILED', /^events must hold at least one event$/],
      [
        'an unknown event type',
        JSON.stringify({ events: [event({ type: 'nope' })] }),
        'VALIDATION_FAILED',
        /^events\.0\.type: /,
      ],
      [
        'a bad timestamp',
        JSON.stringify({ events: [event({ timestamp: 'yesterday' })] }),
        'VALIDATION_FAILED',
        /^events\.0\.timestamp: /,
      ],
      [
        '101 events',
        JSON.stringify({ events: Array.from({ length: 101 }, () => event()) }),
        'VALIDATION_FAILED',
        /at most 100 events/,
      ],
      ['a JSON array', '[1, 2]', 'VALIDATION_FAILED', /expected object/i],
    ])('rejects %s with 400', async (_label, body, code, message) => {
      const response = await t.json<ApiErrorBody>('/api/events', post(body));
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe(code);
      expect(response.body.error.message).toMatch(message);
    });

    it('rejects a body over 256 kB with 413, whether or not it declares its length', async () => {
      const big = JSON.stringify({ events: [event({ props: { pad: 'x'.repeat(300 * 1024) } })] });
      const declared = await t.json<ApiErrorBody>('/api/events', post(big));
      expect(declared.status).toBe(413);
      expect(declared.body.error.code).toBe('PAYLOAD_TOO_LARGE');
      const chunks = [big.slice(0, 100_000), big.slice(100_000, 200_000), big.slice(200_000)];
      const stream = new ReadableStream({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
          controller.close();
        },
      });
      const streamed = await t.app.request('/api/events', {
        method: 'POST',
        body: stream,
        headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
        duplex: 'half',
      } as RequestInit);
      expect(streamed.status).toBe(413);
      expect(apiErrorBodySchema.parse(await streamed.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
    });
  });

  describe('errors', () => {
    it('answers 404 JSON for an unknown API route or method', async () => {
      for (const [method, url] of [
        ['GET', '/api/nothing-here'],
        ['GET', '/api'],
        ['POST', '/api/cocktails'],
        ['DELETE', '/api/cocktails/1'],
        ['GET', '/api/events'],
      ] as const) {
        const { status, body } = await t.json<ApiErrorBody>(url, { method });
        expect(status, `${method} ${url}`).toBe(404);
        expect(body.error.code).toBe('NOT_FOUND');
      }
    });

    it('sets security headers with a content security policy for the app', async () => {
      const response = await t.request('/api/health');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data:");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('x-powered-by')).toBeNull();
    });

    it('compresses JSON for clients that accept brotli or gzip, and not for others', async () => {
      const plain = await t.request('/api/cocktails');
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
      const text = await plain.text();
      const br = await t.request('/api/cocktails', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(text);
      const gzip = await t.request('/api/cocktails', { headers: { 'Accept-Encoding': 'gzip' } });
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(text);
    });
  });

  describe('when the database goes away', () => {
    let gone: TestApp;
    beforeAll(async () => {
      gone = await createTestApp({ dialect });
      await gone.database.destroy();
    });
    afterAll(() => gone.close());

    it('health answers 503 with the same shape, and says when to ask again', async () => {
      const { status, headers, body } = await gone.json<Health>('/api/health');
      expect(status).toBe(503);
      expect(headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
      expect(healthSchema.parse(body)).toEqual(body);
      expect(body).toMatchObject({ status: 'unavailable', database: { reachable: false, dialect, latencyMs: null } });
    });

    it.each(['/api/cocktails?q=lime', '/api/cocktails/1', '/api/cocktails/sample'])(
      '%s answers 503 SERVICE_UNAVAILABLE',
      async (url) => {
        const { status, headers, body } = await gone.json<ApiErrorBody>(url);
        expect(status).toBe(503);
        expect(headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
        expect(body.error.code).toBe('SERVICE_UNAVAILABLE');
        expect(JSON.stringify(body)).not.toMatch(/at .*\.ts|stack/i);
      },
    );

    it('events answer 503 too', async () => {
      const { status, body } = await gone.json<ApiErrorBody>(
        '/api/events',
        post(JSON.stringify({ events: [event()] })),
      );
      expect(status).toBe(503);
      expect(body.error.code).toBe('SERVICE_UNAVAILABLE');
    });
  });
});

describe('a PostgreSQL server that refuses connections', () => {
  it('answers 503 from health and the catalogue', async () => {
    const database = createDatabase({
      database: { dialect: 'postgres', url: 'postgres://postgres@127.0.0.1:1/nowhere' },
    });
    const app = createApp({
      ...database,
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      logger: createSilentLogger(),
      clientDir: path.join(os.tmpdir(), 'barback-no-client-build'),
    });
    try {
      const health = await app.request('/api/health');
      expect(health.status).toBe(503);
      expect(((await health.json()) as Health).database).toEqual({
        reachable: false,
        dialect: 'postgres',
        latencyMs: null,
      });
      const list = await app.request('/api/cocktails');
      expect(list.status).toBe(503);
      expect(((await list.json()) as ApiErrorBody).error.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await database.destroy();
    }
  });
});

describe('serving the client', () => {
  let root: string;
  let clientDir: string;
  let t: TestApp;
  const indexHtml = `<!doctype html><html><head><title>Barback</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
  const appJs = `console.log(${JSON.stringify('x'.repeat(3000))});`;

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'barback-client-'));
    clientDir = path.join(root, 'client');
    mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
    writeFileSync(path.join(clientDir, 'index.html'), indexHtml);
    writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), appJs);
    writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(root, 'secret.txt'), 'do not serve');
    t = await createTestApp({ clientDir, seed: null });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("serves index.html, uncached, for / and the app's other pages (unknown paths: 404, see client-static.test.ts)", async () => {
    for (const url of ['/', '/discover', '/search', '/profile/favorites']) {
      const response = await t.request(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(indexHtml);
    }
  });

  it('serves hashed assets with a one-year immutable cache and ETag revalidation', async () => {
    const response = await t.request('/assets/index-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe(appJs);
    const again = await t.request('/assets/index-abc123.js', {
      headers: { 'If-None-Match': response.headers.get('etag') as string },
    });
    expect(again.status).toBe(304);
    const head = await t.request('/assets/index-abc123.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('answers 404 for a missing asset instead of the page', async () => {
    const response = await t.request('/assets/index-gone.js');
    expect(response.status).toBe(404);
  });

  it('serves other public files with a short cache', async () => {
    const response = await t.request('/favicon.svg');
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('never serves a file outside the client folder', async () => {
    for (const url of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const response = await t.request(url);
      expect(await response.text(), url).not.toContain('do not serve');
    }
  });

  it('compresses text files for clients that accept it', async () => {
    const response = await t.request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(appJs);
  });

  it('keeps /api answers as JSON', async () => {
    const response = await t.request('/api/unknown');
    expect(response.status).toBe(404);
    expect(((await response.json()) as ApiErrorBody).error.code).toBe('NOT_FOUND');
  });
});

describe('without a client build', () => {
  it('answers 503 with a hint for pages, and the API still works', async () => {
    const t = await createTestApp({ clientDir: path.join(os.tmpdir(), 'barback-missing-build') });
    try {
      const page = await t.request('/');
      expect(page.status).toBe(503);
      expect(await page.text()).toBe(CLIENT_NOT_BUILT_TEXT);
      expect(CLIENT_NOT_BUILT_TEXT).toBe('client not built: run npm run build');
      expect((await t.request('/api/health')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
