import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processImage } from './image';
import { MEDIA_CACHE_CONTROL, MEDIA_PATH, mediaRoutes, mediaUrl } from './routes';
import { createLocalImageStore, storeImage, type ImageStore, type StoredImage } from './storage';

describe('GET /media/:key', () => {
  let dir: string;
  let store: ImageStore;
  let app: Hono;
  let stored: StoredImage;
  let bodies: Buffer[];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'barback-media-'));
    store = createLocalImageStore({ dir });
    app = new Hono().route(MEDIA_PATH, mediaRoutes({ store }));
    const image = await processImage(
      await sharp({ create: { width: 400, height: 300, channels: 3, background: '#a52' } })
        .png()
        .toBuffer(),
    );
    bodies = image.variants.map((variant) => variant.body);
    stored = await storeImage({ store, prefix: 'venues/3/signatures', image });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('serves each stored variant with its type, a year-long immutable Cache-Control, nosniff and an ETag', async () => {
    expect(mediaUrl('venues/3/x-320.webp')).toBe('/media/venues/3/x-320.webp');
    for (const [index, variant] of stored.variants.entries()) {
      const response = await app.request(mediaUrl(variant.key));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(variant.format === 'webp' ? 'image/webp' : 'image/jpeg');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(MEDIA_CACHE_CONTROL).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      expect(Buffer.from(await response.arrayBuffer())).toEqual(bodies[index]);
    }
  });

  it('answers 304 when the client already has it', async () => {
    const url = mediaUrl(stored.variants[0]!.key);
    const etag = (await app.request(url)).headers.get('etag')!;
    const again = await app.request(url, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
    expect((await app.request(url, { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await app.request(mediaUrl(stored.variants[1]!.key), { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(await response.text()).toBe('');
  });

  it('answers 404 JSON, not cached, for a key that holds nothing', async () => {
    for (const url of ['/media/venues/3/signatures/nothing-320.webp', '/media/venues', '/media/', '/media']) {
      const response = await app.request(url);
      expect(response.status, url).toBe(404);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
    }
  });

  it('answers 400 JSON for keys outside the rules, .. above all, without asking the store', async () => {
    const asked: string[] = [];
    const spy = new Hono().route(
      MEDIA_PATH,
      mediaRoutes({ store: { ...store, get: (key) => (asked.push(key), store.get(key)) } }),
    );
    for (const url of [
      '/media/..%2f..%2fpackage.json',
      '/media/venues/..%2F..%2F..%2Fetc%2Fpasswd',
      '/media/a..b.webp',
      '/media/.tmp/x.part',
      '/media/Upper.webp',
      '/media/a//b.webp',
      '/media/a%00.webp',
      '/media/a%5cb.webp',
      '/media/a%20b.webp',
      `/media/${'a'.repeat(600)}.webp`,
    ]) {
      const response = await spy.request(url);
      expect(response.status, url).toBe(400);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'invalid media key' } });
    }
    // Plain or %2e-encoded dot segments are resolved by URL parsing before routing: they leave /media or name another key.
    for (const url of [
      '/media/%2e%2e/package.json',
      '/media/venues/%2E%2E/%2E%2E/package.json',
      '/media/../package.json',
    ]) {
      expect((await spy.request(url)).status, url).toBe(404);
    }
    expect(asked).toEqual([]);
  });

  it('lets a failing store reach the app error handler (no key leaks into a 200)', async () => {
    const broken = new Hono().route(
      MEDIA_PATH,
      mediaRoutes({
        store: {
          get: () => Promise.reject(new Error('disk on fire')),
          put: () => Promise.resolve(),
          deleteMany: () => Promise.resolve(),
        },
      }),
    );
    broken.onError((_, c) => c.json({ handled: true }, 500));
    const response = await broken.request('/media/a.webp');
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ handled: true });
  });
});
