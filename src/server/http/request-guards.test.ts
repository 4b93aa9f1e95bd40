import { request as httpRequest } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../tests/support/free-port';
import { toErrorResponse } from '../errors';
import { apiBodyLimit, DEFAULT_API_BODY_LIMIT_BYTES, refuseNulText } from './request-guards';

/** The guards in front of a route that answers the body it read, served over a real socket as the server is. */
let server: ServerType;
let port: number;

beforeAll(async () => {
  port = await freePort();
  const app = new Hono();
  app.use('/api/*', apiBodyLimit(), refuseNulText());
  app.on(['PUT', 'DELETE', 'POST'], '/api/echo', async (c) =>
    c.json({ method: c.req.method, body: await c.req.text() }),
  );
  app.onError((error, c) => {
    const { status, body } = toErrorResponse(error);
    return c.json(body, status as 400);
  });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => resolve());
  });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends one raw request; `chunks` are written as they are (with Transfer-Encoding: chunked unless a length is given). */
function send(
  method: string,
  headers: Record<string, string>,
  chunks: string[] = [],
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/api/echo', method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('the body guards over a socket', () => {
  it('passes a bodiless PUT and DELETE, with Content-Length: 0 or no length at all', async () => {
    expect(await send('PUT', { 'content-length': '0' })).toEqual({ status: 200, body: '{"method":"PUT","body":""}' });
    expect(await send('DELETE', {})).toEqual({ status: 200, body: '{"method":"DELETE","body":""}' });
  });

  it('still refuses a declared length over the limit, and NUL in a chunked body, and reads a normal body', async () => {
    const tooLong = 'x'.repeat(DEFAULT_API_BODY_LIMIT_BYTES + 1);
    const over = await send('POST', { 'content-length': String(tooLong.length) }, [tooLong]);
    expect(over.status).toBe(413);
    expect(JSON.parse(over.body).error.code).toBe('PAYLOAD_TOO_LARGE');
    const nul = await send('PUT', { 'content-type': 'application/json' }, ['{"name":"a', '\\u0000b"}']);
    expect(nul.status).toBe(400);
    expect(JSON.parse(nul.body).error.message).toMatch(/NUL/);
    const text = '{"name":"Negroni"}';
    const normal = await send('PUT', { 'content-type': 'application/json', 'content-length': String(text.length) }, [
      text,
    ]);
    expect(normal).toEqual({ status: 200, body: JSON.stringify({ method: 'PUT', body: text }) });
  });

  it('cuts off a chunked body once it passes the limit', async () => {
    const big = 'x'.repeat(DEFAULT_API_BODY_LIMIT_BYTES + 10);
    const cut = await send('POST', { 'content-type': 'text/plain' }, [big.slice(0, 1000), big.slice(1000)]);
    expect(cut.status).toBe(413);
  });
});
