import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, randomAddress, signIn } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { isServedAuthEndpoint, SERVED_AUTH_ENDPOINTS } from './served-routes';

describe.each(testDialects())('the auth endpoints served over HTTP on %s', (dialect) => {
  let t: TestApp;
  let jar: CookieJar;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    jar = await signIn(t);
  });
  afterAll(() => t?.close());

  /** Every endpoint better-auth mounts that a request can reach (server-only ones have no HTTP path). */
  function mounted(): { method: string; path: string }[] {
    const api = t.auth.api as unknown as Record<string, { path?: string; options?: { method?: string | string[] } }>;
    return Object.values(api).flatMap((endpoint) => {
      const methods = endpoint.options?.method;
      if (!endpoint.path || !methods) return [];
      return (Array.isArray(methods) ? methods : [methods]).map((method) => ({ method, path: endpoint.path ?? '' }));
    });
  }

  const send = (method: string, path: string) =>
    t.request(
      `/api/auth${path.replace(/:[a-zA-Z]+/g, 'x')}`,
      method === 'GET' ? { headers: jar.headers() } : postJson({}, jar),
      { address: randomAddress() },
    );

  it('answers a signed-in caller 404 for every endpoint the app does not use, and changes nothing', async () => {
    const unused = mounted().filter(({ method, path }) => !isServedAuthEndpoint(method, path));
    const paths = unused.map(({ path }) => path);
    // The doors a stolen session would try first.
    for (const door of ['/change-email', '/get-access-token', '/delete-user', '/update-session', '/sign-up/email']) {
      expect(paths).toContain(door);
    }
    expect(paths.filter((path) => path.startsWith('/organization/')).length).toBeGreaterThan(10);
    for (const { method, path } of unused) {
      const response = await send(method, path);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    }
    const me = await t.json<{ user: { email: string } }>('/api/me', { headers: jar.headers() });
    expect(me.status).toBe(200);
  });

  it('serves every listed endpoint, and each is one better-auth mounts', async () => {
    const all = mounted();
    for (const { method, path } of SERVED_AUTH_ENDPOINTS) {
      expect(all, `${method} ${path}`).toContainEqual({ method, path });
      const response = await send(method, path);
      const text = await response.text();
      expect(text, `${method} ${path}`).not.toContain('no API route');
    }
  });
});
