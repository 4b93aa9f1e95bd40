import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  cacheableJson,
  matchesEtag,
  PRIVATE_REVALIDATE,
  PUBLIC_REVALIDATE,
  responseCache,
  type ResponseCacheVariables,
} from './response-cache';

/** An app whose `/bytes` answers through cacheableJson and `/json` through c.json, each counting the times it ran. */
function makeApp(version = { current: 'v1' }) {
  const runs = { bytes: 0, json: 0, private: 0 };
  const app = new Hono<{ Variables: ResponseCacheVariables }>();
  const cached = responseCache({ version: async () => version.current, maxEntries: 10, maxBytes: 1024 * 1024 });
  app.get('/bytes', cached, (c) => {
    runs.bytes += 1;
    return cacheableJson(c, { name: 'Crème de cassis', version: c.var.contentVersion }, PUBLIC_REVALIDATE);
  });
  app.get('/json', cached, (c) => {
    runs.json += 1;
    return c.json({ name: 'Crème de cassis', version: c.var.contentVersion }, 200, {
      'Cache-Control': PUBLIC_REVALIDATE,
    });
  });
  app.get('/private', cached, (c) => {
    runs.private += 1;
    return cacheableJson(c, { mine: true }, PRIVATE_REVALIDATE);
  });
  return { app, runs, version };
}

describe('responseCache', () => {
  it('answers a cacheableJson body as UTF-8 JSON with an ETag, and from its second request on from memory with the same bytes', async () => {
    const { app, runs } = makeApp();
    const first = await app.request('/bytes');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(first.headers.get('cache-control')).toBe(PUBLIC_REVALIDATE);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"v1-[\w-]{16}"$/);
    const body = await first.text();
    expect(JSON.parse(body)).toEqual({ name: 'Crème de cassis', version: 'v1' });

    for (const [request, ran] of [
      [2, 2],
      [3, 2],
      [4, 2],
    ]) {
      const again = await app.request('/bytes');
      expect(await again.text(), `request ${request}`).toBe(body);
      expect(again.headers.get('etag'), `request ${request}`).toBe(etag);
      expect(runs.bytes, `request ${request}`).toBe(ran);
    }
  });

  it('keeps no answer asked for once, so a stream of new URLs cannot push out one that people repeat', async () => {
    const runs = { search: 0 };
    const app = new Hono<{ Variables: ResponseCacheVariables }>();
    app.get('/search', responseCache({ version: async () => 'v1', maxEntries: 4, maxBytes: 1024 * 1024 }), (c) => {
      runs.search += 1;
      return cacheableJson(c, { q: c.req.query('q') }, PUBLIC_REVALIDATE);
    });
    await app.request('/search?q=negroni');
    await app.request('/search?q=negroni'); // the second request keeps it
    for (let n = 0; n < 50; n += 1) await app.request(`/search?q=new-${n}`);
    expect(runs.search).toBe(52);
    expect(await (await app.request('/search?q=negroni')).json()).toEqual({ q: 'negroni' });
    expect(runs.search).toBe(52);
  });

  it('gives the same ETag whether the route encoded the bytes itself or answered with c.json', async () => {
    const { app } = makeApp();
    const viaBytes = await app.request('/bytes');
    const viaJson = await app.request('/json');
    expect(await viaJson.text()).toBe(await viaBytes.text());
    expect(viaJson.headers.get('etag')).toBe(viaBytes.headers.get('etag'));
  });

  it('answers 304 without a body when If-None-Match names the ETag, fresh or cached', async () => {
    const { app } = makeApp();
    const etag = (await app.request('/bytes')).headers.get('etag') as string;
    const notModified = await app.request('/bytes', { headers: { 'If-None-Match': etag } });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe('');
    const other = makeApp();
    const fresh = await other.app.request('/bytes', { headers: { 'If-None-Match': etag } });
    expect(fresh.status).toBe(304);
  });

  it('never keeps a private answer, and drops every kept answer when the version changes', async () => {
    const { app, runs, version } = makeApp();
    for (let n = 0; n < 3; n += 1) await app.request('/private');
    expect(runs.private).toBe(3);
    await app.request('/bytes');
    await app.request('/bytes');
    await app.request('/bytes');
    expect(runs.bytes).toBe(2);
    version.current = 'v2';
    const after = await app.request('/bytes');
    expect(runs.bytes).toBe(3);
    expect((await after.json()) as unknown).toEqual({ name: 'Crème de cassis', version: 'v2' });
    expect(after.headers.get('etag')).toMatch(/^W\/"v2-/);
  });
});

describe('matchesEtag', () => {
  it('compares weakly and accepts lists and *', () => {
    expect(matchesEtag('"v1-abc"', 'W/"v1-abc"')).toBe(true);
    expect(matchesEtag('W/"x", W/"v1-abc"', 'W/"v1-abc"')).toBe(true);
    expect(matchesEtag('*', 'W/"v1-abc"')).toBe(true);
    expect(matchesEtag('W/"v1-abd"', 'W/"v1-abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"v1-abc"')).toBe(false);
  });
});
