import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiFetch } from './api-client';

const okSchema = z.object({ items: z.array(z.number()) });

function stubFetch(impl: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  const fn = vi.fn(impl);
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => vi.unstubAllGlobals());

describe('apiFetch', () => {
  it('returns the body parsed by the schema and asks for JSON', async () => {
    const fetch = stubFetch(async () => Response.json({ items: [1, 2], extra: true }));
    await expect(apiFetch('/api/things', okSchema)).resolves.toEqual({ items: [1, 2] });
    const headers = new Headers(fetch.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Accept')).toBe('application/json');
  });

  it("turns the API's error body into an ApiError with status, code and message", async () => {
    stubFetch(async () =>
      Response.json({ error: { code: 'NOT_FOUND', message: 'Cocktail 9 not found' } }, { status: 404 }),
    );
    const error = await apiFetch('/api/cocktails/9', okSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Cocktail 9 not found' });
  });

  it('reports an error status without the error body as HTTP_ERROR', async () => {
    stubFetch(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiFetch('/api/things', okSchema)).rejects.toMatchObject({ status: 502, code: 'HTTP_ERROR' });
  });

  it('reports a success body of the wrong shape as BAD_RESPONSE', async () => {
    stubFetch(async () => Response.json({ items: ['a'] }));
    await expect(apiFetch('/api/things?q=1', okSchema)).rejects.toMatchObject({
      status: 200,
      code: 'BAD_RESPONSE',
      message: 'Unexpected response from /api/things',
    });
  });

  it('reports a request that got no answer as NETWORK_ERROR with status 0', async () => {
    stubFetch(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(apiFetch('/api/things', okSchema)).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('passes an abort through unchanged', async () => {
    stubFetch(async () => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    await expect(apiFetch('/api/things', okSchema)).rejects.toMatchObject({ name: 'AbortError' });
  });
});
