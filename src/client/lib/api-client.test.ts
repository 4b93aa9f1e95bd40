// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { server } from '@/client/test/msw-server';
import { ApiError, apiFetch } from './api-client';

const okSchema = z.object({ items: z.array(z.number()) });

afterEach(() => vi.unstubAllGlobals());

describe('apiFetch', () => {
  it('returns the body parsed by the schema and asks for JSON', async () => {
    const accepts: (string | null)[] = [];
    server.use(
      http.get('/api/things', ({ request }) => {
        accepts.push(request.headers.get('Accept'));
        return HttpResponse.json({ items: [1, 2], extra: true });
      }),
    );
    await expect(apiFetch('/api/things', okSchema)).resolves.toEqual({ items: [1, 2] });
    expect(accepts).toEqual(['application/json']);
  });

  it("turns the API's error body into an ApiError with status, code and message", async () => {
    server.use(
      http.get('/api/cocktails/9', () =>
        HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'Cocktail 9 not found' } }, { status: 404 }),
      ),
    );
    const error = await apiFetch('/api/cocktails/9', okSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Cocktail 9 not found' });
  });

  it('reports an error status without the error body as HTTP_ERROR', async () => {
    server.use(http.get('/api/things', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    await expect(apiFetch('/api/things', okSchema)).rejects.toMatchObject({ status: 502, code: 'HTTP_ERROR' });
  });

  it('reports a success body of the wrong shape as BAD_RESPONSE', async () => {
    server.use(http.get('/api/things', () => HttpResponse.json({ items: ['a'] })));
    await expect(apiFetch('/api/things?q=1', okSchema)).rejects.toMatchObject({
      status: 200,
      code: 'BAD_RESPONSE',
      message: 'Unexpected response from /api/things',
    });
  });

  it('reports a request that got no answer as NETWORK_ERROR with status 0', async () => {
    server.use(http.get('/api/things', () => HttpResponse.error()));
    await expect(apiFetch('/api/things', okSchema)).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('passes an abort through unchanged', async () => {
    // A stubbed fetch, not msw: under jsdom, Node's fetch rejects an abort with Node's DOMException, not the page's (the
    // one apiFetch checks, as in a browser), so only a fetch of the page's realm can show the pass-through.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('The operation was aborted.', 'AbortError');
      }),
    );
    await expect(apiFetch('/api/things', okSchema)).rejects.toMatchObject({ name: 'AbortError' });
  });
});
