/**
 * The fuzz's route table against the app: every API route the app mounts (and every endpoint better-auth routes under
 * /api/auth) has an entry in ROUTES, and every entry names a route the app mounts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '@/shared/schemas/api-error';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { ROUTES } from './routes';
import { FUZZ_ENV } from './world/environment';

/** Where better-auth's handler is mounted (src/server/app.ts); its endpoints come from better-auth itself. */
const AUTH_PREFIX = '/api/auth';

/** `METHOD /path`, with Hono's `{regex}` after a parameter dropped (`:format{(svg|png)}` is the table's `:format`). */
function routeKey(method: string, path: string): string {
  return `${method} ${path.replace(/\{[^}]*\}/g, '')}`;
}

/** The search engines' files at the root (src/server/seo): robots.txt, the sitemap and its pages (`/:file{sitemap-n}`). */
const SEO_PATHS: ReadonlySet<string> = new Set(['/robots.txt', '/sitemap.xml', '/:file']);

/**
 * True for a path the fuzz's table covers: the API, the well-known files and the search engines' files (not the client,
 * its pages or /media).
 */
function isApiPath(path: string): boolean {
  return path.startsWith('/api/') || path.startsWith('/.well-known/') || SEO_PATHS.has(path.replace(/\{[^}]*\}/g, ''));
}

/**
 * Routes a middleware serves rather than a Hono route (`app.routes` shows each only as `ALL /*`), each with a probe: a
 * request that middleware answers as the API does, 404 NOT_FOUND in the error shape as JSON, and `control`, a path beside
 * it that it passes on (the client's page or "client not built", never that answer). So far the link-preview images of
 * a catalogue cocktail and of a shared own recipe (src/server/seo/og-image.ts), probed with a malformed slug, which is
 * refused before any build or database is read.
 */
const MIDDLEWARE_ROUTES: readonly { key: string; probe: string; control: string }[] = [
  {
    key: 'GET /og/cocktails/:slug.png',
    probe: '/og/cocktails/Not_A_Slug.png',
    control: '/og/cocktails/Not_A_Slug.jpg',
  },
  {
    key: 'GET /og/recipes/shared/:slug.png',
    probe: '/og/recipes/shared/not-a-share-slug.png',
    control: '/og/recipes/shared/not-a-share-slug.jpg',
  },
];

/** True when `answer` is a 404 NOT_FOUND in the API's error shape, as JSON. */
async function isApiNotFound(answer: Response): Promise<boolean> {
  if (answer.status !== 404 || !(answer.headers.get('content-type') ?? '').startsWith('application/json')) return false;
  const body = apiErrorBodySchema.safeParse(await answer.json().catch(() => null));
  return body.success && body.data.error.code === 'NOT_FOUND';
}

/** The {@link MIDDLEWARE_ROUTES} `app` serves: those whose probe it answers as the API does and whose control it does not. */
async function middlewareRoutes(t: TestApp): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const { key, probe, control } of MIDDLEWARE_ROUTES) {
    const method = key.split(' ')[0]!;
    const served = await isApiNotFound(await t.request(probe, { method }));
    const passedOn = !(await isApiNotFound(await t.request(control, { method })));
    if (served && passedOn) keys.add(key);
  }
  return keys;
}

/** A better-auth endpoint as `auth.api` holds it: routed when it has a path (server-only ones have none). */
interface AuthEndpoint {
  path?: string;
  options?: { method?: string | string[] };
}

/**
 * The routes `app` mounts: its handlers under /api and /.well-known (the method 'ALL' entries are middleware, except
 * better-auth's catch-all, which stands for every endpoint better-auth routes: served or not, the table fuzzes each),
 * and the problems met reading them.
 */
function mountedRoutes(t: TestApp): { keys: Set<string>; problems: string[] } {
  const keys = new Set<string>();
  const problems: string[] = [];
  let authMounted = false;
  for (const route of t.app.routes) {
    if (route.method === 'ALL') {
      if (route.path === `${AUTH_PREFIX}/*`) authMounted = true;
      continue;
    }
    if (isApiPath(route.path)) keys.add(routeKey(route.method, route.path));
  }
  if (!authMounted) problems.push(`better-auth's handler is not mounted at ${AUTH_PREFIX}/*`);
  else {
    for (const [name, endpoint] of Object.entries(t.auth.api as Record<string, AuthEndpoint>)) {
      if (!endpoint.path) continue;
      const methods = [endpoint.options?.method ?? []].flat();
      if (methods.length === 0 || methods.includes('*')) {
        problems.push(`better-auth's ${name} (${endpoint.path}) names no method this test can list`);
        continue;
      }
      for (const method of methods) keys.add(routeKey(method, `${AUTH_PREFIX}${endpoint.path}`));
    }
  }
  return { keys, problems };
}

describe("the fuzz's route table", () => {
  let t: TestApp;
  beforeAll(async () => {
    // The fuzz's own environment: everything on (the wrapper simulator, developer tools, both providers).
    t = await createTestApp({ env: FUZZ_ENV });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has an entry for every route the app mounts, and no entry for a route it does not', async () => {
    const { keys, problems } = mountedRoutes(t);
    const mounted = new Set([...keys, ...(await middlewareRoutes(t))]);
    const table = new Set(ROUTES.map((route) => routeKey(route.method, route.path)));
    const missing = [...mounted].filter((key) => !table.has(key)).sort();
    const unmounted = [...table].filter((key) => !mounted.has(key)).sort();
    expect(problems).toEqual([]);
    expect(missing, 'mounted by the app, missing from scripts/fuzz/routes/').toEqual([]);
    expect(unmounted, 'in scripts/fuzz/routes/, not mounted by the app').toEqual([]);
  });

  it('reads a sensible number of routes (the app is built with everything on)', () => {
    const { keys } = mountedRoutes(t);
    expect([...keys].some((key) => key.startsWith('POST /api/wrapper-sim/'))).toBe(true);
    expect([...keys].some((key) => key.startsWith('GET /api/dev/'))).toBe(true);
    expect(keys.has('GET /.well-known/jwks.json')).toBe(true);
    expect(keys.has('GET /api/auth/get-session')).toBe(true);
    expect(keys.size).toBeGreaterThan(100);
  });
});
