import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SERVED_AUTH_ENDPOINTS } from '@/server/auth/served-routes';
import { requestContractOf, type RequestPart } from '@/server/http/validate';
import { signIn, userIdOf } from '../../../tests/support/auth';
import { PAYMENTS_ENV, postWebhook, revenueCatEvent } from '../../../tests/support/payments';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { API_OPERATIONS, openApiPath, type ApiOperation } from './index';

/** `/api/venues/:slug/qr/:format{(svg|png)}` -> `/api/venues/:slug/qr/:format` (Hono's pattern suffixes dropped). */
function plainPath(honoPath: string): string {
  return honoPath.replace(/(:\w+)\{[^}]*\}/g, '$1');
}

const key = (method: string, path: string) => `${method} ${plainPath(path)}`;
const documented = new Map(API_OPERATIONS.map((operation) => [key(operation.method, operation.path), operation]));

/** The part of an operation that documents a validator's request part. */
function documentedSchema(operation: ApiOperation, part: RequestPart): z.ZodType | undefined {
  return part === 'param' ? operation.params : part === 'query' ? operation.query : operation.body;
}

describe('the published API contract', () => {
  let t: TestApp;
  /** Every API route the app mounts (method and path), with the request parts its validators check. */
  let mounted: Map<string, { part: RequestPart; schema: z.ZodType }[]>;

  beforeAll(async () => {
    t = await createTestApp({ env: { WRAPPER_SIMULATOR: '1', ...PAYMENTS_ENV } });
    mounted = new Map();
    for (const route of t.app.routes) {
      if (route.method === 'ALL') continue;
      if (!route.path.startsWith('/api/') && !route.path.startsWith('/.well-known/')) continue;
      const id = key(route.method, route.path);
      const parts = mounted.get(id) ?? [];
      const contract = requestContractOf(route.handler);
      if (contract) parts.push(contract);
      mounted.set(id, parts);
    }
  });
  afterAll(() => t.close());

  it('documents every route the app mounts, and only those', () => {
    const authOperations = SERVED_AUTH_ENDPOINTS.map((endpoint) => key(endpoint.method, `/api/auth${endpoint.path}`));
    expect([...mounted.keys()].filter((id) => !documented.has(id))).toEqual([]);
    expect([...documented.keys()].filter((id) => !mounted.has(id) && !authOperations.includes(id))).toEqual([]);
    expect(authOperations.filter((id) => !documented.has(id))).toEqual([]);
    expect(mounted.size).toBeGreaterThan(90);
  });

  it('documents each request with the very schema its route validates with', () => {
    const drift: string[] = [];
    for (const [id, parts] of mounted) {
      const operation = documented.get(id);
      if (!operation) continue;
      for (const { part, schema } of parts) {
        if (documentedSchema(operation, part) !== schema) drift.push(`${id}: ${part}`);
      }
      for (const part of ['param', 'query', 'json'] as const) {
        if (documentedSchema(operation, part) && !parts.some((p) => p.part === part) && !operation.checkedInHandler) {
          drift.push(`${id}: ${part} documented but not validated`);
        }
      }
    }
    expect(drift).toEqual([]);
  });

  it('serves the OpenAPI 3.1 document at /api/openapi.json, with every operation and the shared error body', async () => {
    const { status, body } = await t.json<{
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>('/api/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    for (const operation of API_OPERATIONS) {
      const entry = body.paths[openApiPath(operation.path)]?.[operation.method.toLowerCase()];
      expect(entry, `${operation.method} ${operation.path}`).toBeDefined();
      expect(Object.keys(entry!.responses)).toContain(String(operation.status ?? 200));
    }
    const cocktail = body.paths['/api/cocktails/{id}']!.get as unknown as {
      parameters: { name: string; in: string }[];
    };
    expect(cocktail.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }));
  });

  it('serves the interactive reference at /api/docs from this origin, under the CSP, with no inline script', async () => {
    const page = await t.request('/api/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(attributes).toMatch(/src="\/api\/docs\//);
      expect(inline!.trim()).toBe('');
    }
    for (const [asset, type] of [
      ['swagger-ui.css', 'text/css'],
      ['swagger-ui-bundle.js', 'text/javascript'],
      ['init.js', 'text/javascript'],
    ] as const) {
      const response = await t.request(`/api/docs/${asset}`);
      expect(response.status, asset).toBe(200);
      expect(response.headers.get('content-type')).toContain(type);
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
    expect((await t.request('/api/docs/package.json')).status).toBe(404);
  });

  it("answers in the documented shapes (the catalogue, the session, a pro member's own lists)", async () => {
    const jar = await signIn(t);
    const userId = await userIdOf(t, jar);
    expect((await postWebhook(t, revenueCatEvent('INITIAL_PURCHASE', userId))).status).toBe(200);
    const list = await t.json<{ items: { id: number }[] }>('/api/cocktails');
    const id = list.body.items[0]!.id;
    const ingredient = (await t.json<{ items: { id: number }[] }>('/api/ingredients')).body.items[0]!.id;
    expect(
      (
        await t.request(`/api/me/bar/${ingredient}`, {
          method: 'PUT',
          headers: { ...jar.headers(), origin: 'http://localhost:3000' },
        })
      ).status,
    ).toBe(200);
    const answers: [string, string][] = [
      ['GET /api/cocktails', '/api/cocktails'],
      ['GET /api/cocktails/sample', '/api/cocktails/sample?size=3'],
      ['GET /api/cocktails/offline-index', '/api/cocktails/offline-index'],
      ['GET /api/cocktails/:id', `/api/cocktails/${id}`],
      ['GET /api/ingredients', '/api/ingredients'],
      ['GET /api/search/suggestions', '/api/search/suggestions?q=gi'],
      ['GET /api/health', '/api/health'],
      ['GET /api/session/providers', '/api/session/providers'],
      ['GET /.well-known/jwks.json', '/.well-known/jwks.json'],
      ['GET /api/auth/get-session', '/api/auth/get-session'],
      ['GET /api/me', '/api/me'],
      ['GET /api/me/activity', '/api/me/activity'],
      ['GET /api/me/sessions', '/api/me/sessions'],
      ['GET /api/me/favorites', '/api/me/favorites'],
      ['GET /api/me/bar', '/api/me/bar'],
      ['GET /api/me/bar/makeable', '/api/me/bar/makeable'],
      ['GET /api/me/bar/makeable-ids', '/api/me/bar/makeable-ids'],
      ['GET /api/me/bar/match/:cocktailId', `/api/me/bar/match/${id}`],
      ['GET /api/me/bar/suggestions', '/api/me/bar/suggestions'],
      ['GET /api/me/shopping-list', '/api/me/shopping-list'],
      ['GET /api/me/made', '/api/me/made'],
      ['GET /api/me/swaps', '/api/me/swaps'],
      ['GET /api/me/collections', '/api/me/collections'],
      ['GET /api/me/ratings', '/api/me/ratings'],
      ['GET /api/me/recipes', '/api/me/recipes'],
      ['GET /api/venues', '/api/venues'],
    ];
    const wrong: string[] = [];
    for (const [operationKey, url] of answers) {
      const schema = documented.get(operationKey)?.response;
      expect(schema, operationKey).toBeDefined();
      const { status, body } = await t.json(url, { headers: jar.headers() });
      expect(status, url).toBe(200);
      const parsed = schema!.safeParse(body);
      if (!parsed.success)
        wrong.push(`${operationKey}: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`);
    }
    expect(wrong).toEqual([]);
  });
});
