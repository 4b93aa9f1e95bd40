import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/e2e/support/server';

/** Starts a real server process and aborts an upload half-way, as a phone losing its signal does. */
describe('a client that aborts an upload', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ LOG_LEVEL: 'info', NODE_ENV: 'test' });
  }, 90_000);
  afterAll(() => server?.stop());

  it('is logged as an aborted request, not as a database outage, and the server stays healthy', async () => {
    const { port } = new URL(server.url);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          'POST /api/support HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 9000\r\n\r\n{"email":"a@b.c","message":"',
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 200);
      });
      socket.on('error', reject);
    });
    await expect.poll(() => server.output(), { timeout: 5000 }).toMatch(/request aborted by the client/);
    expect(server.output()).not.toMatch(/database unavailable/);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
