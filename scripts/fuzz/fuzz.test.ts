import { describe, expect, it } from 'vitest';
import { runCampaign } from './campaign';
import { reachesRoute } from './campaign/exchange';
import { errorShapeProblem, inspectAnswer, requestTextOf, servedProblem, type Secret } from './detectors';
import { buildPlan } from './plan';
import { bodyPayload, bodyText } from './plan/payload';
import { sweepChoices } from './plan/sweep';
import type { Choice } from './plan/types';
import { SPELLINGS } from './plan/url-mutations';
import { parseArguments } from './run';
import { activeRoutes, ROUTES } from './routes';
import type { FuzzContext, RouteSpec } from './routes/types';
import { edgeValues, schemaAt } from './schema-edges';
import { typedVariants } from './typed-variants';
import { Special, noise, toJsonText } from './values';
import { isServedAuthEndpoint } from '@/server/auth/served-routes';
import { analyticsBatchSchema } from '@/shared/schemas/analytics';

/** The fuzz suite's own machinery: detectors, plans, the command line, and a short run with planted defects. */

const ctx: FuzzContext = {
  cocktailIds: [1, 2, 3],
  ingredientIds: [1, 2, 3],
  victim: {
    userId: 'victim-user-id-0001',
    email: 'victim@example.test',
    sessionId: 'victim-session-id-0001',
    sessionToken: 'victimrawtoken0001',
    accountIds: ['victim-account-0001'],
    favoriteIds: [2],
    barIngredientIds: [3],
    collectionId: 5,
    supportMessageId: 7,
    webhookEventId: 'victim-event-0001',
    venueSlug: 'victim-bar',
    venueId: 'victim-venue-id-0001',
    venueMemberId: 'victim-member-0001',
    venueInvitationId: 'victim-invitation-0001',
    venueMenuItemId: 11,
    venueSignatureId: 17,
    ownRecipeId: 21,
  },
  webhookTargetId: 'target-user-0001',
  publicShareSlug: 'AAAAAAAAAAAAAAAAAAAAAA',
  ownCollectionId: 9,
  ownRecipeId: 23,
  publicRecipeSlug: 'BBBBBBBBBBBBBBBBBBBBBB',
  ownVenue: {
    id: 'own-venue-id-0001',
    slug: 'own-bar',
    invitationId: 'own-invitation-0001',
    spareInvitationId: 'own-invitation-0002',
    memberId: 'own-member-0001',
    menuItemId: 13,
    signatureId: 19,
  },
};

const NONE: Choice = {
  identity: 'member',
  body: null,
  query: null,
  path: null,
  method: null,
  headers: [],
  cookie: null,
  streamed: false,
  address: '10.0.0.1',
};

const route = (id: string): RouteSpec => ROUTES.find((candidate) => candidate.id === id)!;
const answer = (status: number, body: string, pathname = '/api/support', method = 'POST') => ({
  method,
  pathname,
  status,
  body,
});
const quiet = { requestText: requestTextOf({ path: '/api/support', headers: {}, body: '{}' }), secrets: [] };

describe('detectors', () => {
  it('flags a 5xx, a stack trace and SQL text, once each', () => {
    const body = JSON.stringify({
      error: {
        code: 'INTERNAL',
        message:
          'insert into "support_message" failed\n    at sendSupportMessage (/app/src/server/support/operations.ts:41:7)',
      },
    });
    const kinds = inspectAnswer(answer(500, body), quiet).map((finding) => finding.kind);
    expect(kinds).toEqual(['server-error', 'stack-trace', 'sql-text']);
  });

  it('flags node internals, SQLite codes and PostgreSQL wording in a 400 as well', () => {
    for (const text of [
      'at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
      'SQLITE_CONSTRAINT_NOTNULL',
      'relation "user" does not exist',
      'new row violates check constraint',
      'syntax error at or near "select"',
    ]) {
      const findings = inspectAnswer(
        answer(400, JSON.stringify({ error: { code: 'BAD_REQUEST', message: text } })),
        quiet,
      );
      expect(findings.length, text).toBeGreaterThan(0);
    }
  });

  it('does not count an echo of the request as a leak', () => {
    const sent = "1' UNION SELECT id FROM account --";
    const requestText = requestTextOf({ path: '/api/support', headers: {}, body: JSON.stringify({ page: sent }) });
    const body = JSON.stringify({ error: { code: 'VALIDATION_FAILED', message: `page: ${sent} is not a page` } });
    expect(inspectAnswer(answer(400, body), { requestText, secrets: [] })).toEqual([]);
  });

  it("holds error answers to the API's shape, and better-auth's to its own under /api/auth", () => {
    expect(errorShapeProblem(answer(404, '{"error":{"code":"NOT_FOUND","message":"no"}}'))).toBeNull();
    expect(errorShapeProblem(answer(400, '{"message":"bad"}'))).toMatch(/is not/);
    expect(errorShapeProblem(answer(400, '{"code":"X","message":"bad"}', '/api/auth/sign-out'))).toBeNull();
    expect(errorShapeProblem(answer(404, '', '/api/auth/nope'))).toBe('empty body');
    // The router decodes percent-escapes: this path reaches better-auth, which answers in its own shape.
    expect(errorShapeProblem(answer(404, '{"code":"NOT_FOUND","message":"no"}', '/api/%61uth/x', 'GET'))).toBeNull();
    expect(errorShapeProblem(answer(404, '{"code":"NOT_FOUND","message":"no"}', '/api/auth%2Fx', 'GET'))).toMatch(
      /is not/,
    );
    expect(errorShapeProblem(answer(404, 'Not found', '/assets/x.js', 'GET'))).toBeNull();
    expect(errorShapeProblem(answer(200, 'anything'))).toBeNull();
  });

  it("finds the victim's data and server secrets unless the request carried them", () => {
    const secrets: Secret[] = [
      { label: "A's email", value: 'victim@example.test', owner: 'victim' },
      { label: 'the auth secret', value: 'super-secret-value', owner: 'server' },
    ];
    const leaked = inspectAnswer(answer(200, '{"email":"victim@example.test","k":"super-secret-value"}'), {
      requestText: quiet.requestText,
      secrets,
    });
    expect(leaked.map((finding) => finding.kind)).toEqual(['victim-read', 'secret-leak']);
    const echoed = inspectAnswer(answer(200, '{"email":"victim@example.test"}'), {
      requestText: requestTextOf({ path: '/api/x?email=victim%40example.test', headers: {} }),
      secrets,
    });
    expect(echoed).toEqual([]);
  });

  it('does not count a victim value an attacker planted in data of its own', () => {
    const secrets: Secret[] = [{ label: "A's email", value: 'Victim@example.test', owner: 'victim' }];
    const body = JSON.stringify({ invitations: [{ email: 'victim@example.test' }] });
    const planted = new Set(['victim@example.test']);
    expect(inspectAnswer(answer(200, body), { ...quiet, secrets, planted })).toEqual([]);
    expect(inspectAnswer(answer(200, body), { ...quiet, secrets }).map((f) => f.kind)).toEqual(['victim-read']);
  });

  it('tells a refused request to a path the server must not serve from one a handler took', () => {
    const organization = (status: number, body: string) =>
      answer(status, body, '/api/auth/organization/list-members', 'GET');
    expect(servedProblem(organization(404, '{"error":{"code":"NOT_FOUND","message":"no API route"}}'))).toBeNull();
    expect(servedProblem(organization(404, '{"code":"NOT_FOUND","message":"No such sign-in route."}'))).toBeNull();
    expect(servedProblem(organization(400, '{"error":{"code":"BAD_REQUEST","message":"NUL"}}'))).toBeNull();
    expect(servedProblem(organization(503, '{"error":{"code":"SERVICE_UNAVAILABLE","message":"x"}}'), true)).toBeNull();
    expect(servedProblem(organization(200, '{"members":[],"total":0}'))).toMatch(/answered 200/);
    expect(servedProblem(organization(400, '{"code":"BAD_REQUEST","message":"organizationId"}'))).toMatch(
      /answered 400/,
    );
    expect(servedProblem(organization(401, '{"code":"UNAUTHORIZED","message":"x"}'))).toMatch(/answered 401/);
  });

  it("lets A's public menu show A's venue's name, however its address is spelled, and no other answer", () => {
    const secrets: Secret[] = [
      { label: "A's venue's name", value: 'Victim Venue xyz', owner: 'victim', publicAt: ['/api/menus/victim-bar'] },
    ];
    const body = JSON.stringify({ venue: { name: 'Victim Venue xyz' } });
    const read = (pathname: string) =>
      inspectAnswer(answer(200, body, pathname, 'GET'), {
        requestText: requestTextOf({ path: pathname, headers: {} }),
        secrets,
      }).map((finding) => finding.kind);
    expect(read('/api/menus/victim-bar')).toEqual([]);
    expect(read('/api/menus/VICTIM-BAR/')).toEqual([]);
    expect(read('/api/menus/%20victim-bar')).toEqual([]);
    expect(read('/api/venues/victim-bar/menu')).toEqual(['victim-read']);
    expect(read('/api/menus/own-bar')).toEqual(['victim-read']);
  });

  it("lets a request that carries the invitation link see A's venue's name, and no other", () => {
    const secrets: Secret[] = [
      { label: "A's venue's name", value: 'Victim Venue xyz', owner: 'victim', shownWith: ['victim-invitation-0001'] },
    ];
    const body = JSON.stringify({ venueName: 'Victim Venue xyz' });
    const withLink = requestTextOf({ path: '/api/venue-invitations/victim-invitation-0001', headers: {} });
    expect(inspectAnswer(answer(200, body), { requestText: withLink, secrets })).toEqual([]);
    const without = requestTextOf({ path: '/api/venues/victim-bar', headers: {} });
    expect(inspectAnswer(answer(200, body), { requestText: without, secrets }).map((f) => f.kind)).toEqual([
      'victim-read',
    ]);
  });
});

describe('plans', () => {
  it('writes special JSON: raw numbers, nesting 10,000 deep, arrays of 100k items', () => {
    expect(toJsonText({ a: new Special('raw', '-0'), b: [1, 'x'] })).toBe('{"a":-0,"b":[1,"x"]}');
    const deep = toJsonText(new Special('deep-object', '1', 10_000));
    expect(deep.startsWith('{"a":{"a":')).toBe(true);
    expect(deep.length).toBe(10_000 * 6 + 1);
    expect(JSON.parse(toJsonText(new Special('long-array', '1', 100_000)))).toHaveLength(100_000);
  });

  it('reads edges from the shared schemas', () => {
    const timestamp = schemaAt(analyticsBatchSchema, ['events', 0, 'timestamp']);
    expect(edgeValues(timestamp)).toContain('0000-01-01T00:00:00Z');
    const userId = edgeValues(schemaAt(analyticsBatchSchema, ['events', 0, 'userId']));
    expect(userId).toContain('a'.repeat(101));
    expect(userId).toContain(null);
  });

  it('has typed variants with NUL, lone surrogates, incompressible text, year 0 and deep nesting', () => {
    expect(typedVariants('message', 'hi')).toEqual(
      expect.arrayContaining(['hi\u0000', 'hi\ud800', `hi${noise(3_000)}`]),
    );
    expect(typedVariants('timestamp', '2024-01-01T00:00:00Z')).toContain('0000-01-01T00:00:00Z');
    expect(typedVariants('props', {})).toContainEqual(new Special('deep-object', '1', 10_000));
  });

  it('sweeps every field of a body with every variant, and aims A’s ids at every id-like place', () => {
    const support = route('POST /api/support');
    const plans = sweepChoices(support, ctx).map(({ choice }) => buildPlan(support, ctx, choice));
    const bodies = plans.map((plan) => bodyText(plan, support, ctx) ?? '');
    for (const field of ['email', 'message', 'page']) {
      expect(bodies.some((body) => (JSON.parse(body) as Record<string, string>)[field]?.endsWith('\u0000'))).toBe(true);
    }
    const aimed = plans.filter((plan) => plan.aimsAtVictim);
    expect(
      aimed.some((plan) => plan.body.kind === 'json' && JSON.stringify(plan.body.value).includes(ctx.victim.email)),
    ).toBe(true);
    expect(aimed.some((plan) => plan.cookie?.mix === 'victim-raw')).toBe(true);
  });

  it('keeps signed webhooks away from the victim', () => {
    const signed = route('POST /api/webhooks/revenuecat [signed]');
    const plans = sweepChoices(signed, ctx).map(({ choice }) => buildPlan(signed, ctx, choice));
    expect(plans.every((plan) => !plan.aimsAtVictim)).toBe(true);
    expect(plans.every((plan) => !JSON.stringify(plan.body).includes(ctx.victim.userId))).toBe(true);
    const aimed = buildPlan(signed, ctx, { ...NONE, body: [{ op: 'aim', pick: 0, key: 'userId' }] });
    expect(JSON.stringify(aimed.body)).not.toContain(ctx.victim.userId);
    expect(JSON.stringify(aimed.body)).toContain(ctx.webhookTargetId);
  });

  it("aims B-enterprise at A's venue, and at A's venue and staff member at once", () => {
    const remove = route('DELETE /api/venues/:slug/members/:memberId');
    const plans = sweepChoices(remove, ctx).map(({ choice }) => buildPlan(remove, ctx, choice));
    expect(plans.every((plan) => plan.identity === 'enterprise')).toBe(true);
    const paths = plans.filter((plan) => plan.aimsAtVictim).map((plan) => plan.path);
    expect(paths).toContain('/api/venues/victim-bar/members/own-member-0001');
    expect(paths).toContain('/api/venues/own-bar/members/victim-member-0001');
    expect(paths).toContain('/api/venues/victim-bar/members/victim-member-0001');
    const eightySix = route('PUT /api/venues/:slug/bar/:ingredientId/86');
    const bottles = sweepChoices(eightySix, ctx).map(({ choice }) => buildPlan(eightySix, ctx, choice).path);
    expect(bottles).toContain('/api/venues/victim-bar/bar/3/86');
    const create = route('POST /api/venues');
    const aimed = sweepChoices(create, ctx)
      .map(({ choice }) => buildPlan(create, ctx, choice))
      .filter((plan) => plan.body.kind === 'json' && JSON.stringify(plan.body.value).includes('"slug":"victim-bar"'));
    expect(aimed.length).toBeGreaterThan(0);
  });

  it("aims B-enterprise at A's menu item, on its own venue and on A's; B at A's public menu", () => {
    const availability = route('PUT /api/venues/:slug/menu/items/:itemId/availability');
    const plans = sweepChoices(availability, ctx).map(({ choice }) => buildPlan(availability, ctx, choice));
    expect(plans.every((plan) => plan.identity === 'enterprise')).toBe(true);
    const paths = plans.filter((plan) => plan.aimsAtVictim).map((plan) => plan.path);
    expect(paths).toContain('/api/venues/own-bar/menu/items/11/availability');
    expect(paths).toContain('/api/venues/victim-bar/menu/items/13/availability');
    expect(paths).toContain('/api/venues/victim-bar/menu/items/11/availability');
    const valid = buildPlan(availability, ctx, { ...NONE, identity: 'enterprise' });
    expect(valid.path).toBe('/api/venues/own-bar/menu/items/13/availability');
    expect(valid.body).toEqual({ kind: 'json', value: { availability: 'on' } });
    const publicMenu = route('GET /api/menus/:slug');
    const reads = sweepChoices(publicMenu, ctx).map(({ choice }) => buildPlan(publicMenu, ctx, choice));
    expect(reads.some((plan) => plan.identity === 'member' && plan.path === '/api/menus/victim-bar')).toBe(true);
  });

  it("aims B-enterprise at A's signature cocktail and at a catalogue cocktail; B at A's signature through the catalogue", () => {
    const update = route('PUT /api/venues/:slug/signatures/:cocktailId');
    const plans = sweepChoices(update, ctx).map(({ choice }) => buildPlan(update, ctx, choice));
    expect(plans.every((plan) => plan.identity === 'enterprise')).toBe(true);
    const valid = buildPlan(update, ctx, { ...NONE, identity: 'enterprise' });
    expect(valid.path).toBe('/api/venues/own-bar/signatures/19');
    expect(valid.headers['content-type']).toBe('application/json');
    const paths = plans.filter((plan) => plan.aimsAtVictim).map((plan) => plan.path);
    expect(paths).toContain('/api/venues/own-bar/signatures/17');
    expect(paths).toContain('/api/venues/own-bar/signatures/2');
    expect(paths).toContain('/api/venues/victim-bar/signatures/19');
    expect(paths).toContain('/api/venues/victim-bar/signatures/17');
    const detail = route('GET /api/cocktails/:id');
    const reads = sweepChoices(detail, ctx).map(({ choice }) => buildPlan(detail, ctx, choice).path);
    expect(reads).toContain('/api/cocktails/17');
    const made = route('POST /api/me/made');
    const bodies = sweepChoices(made, ctx).map(({ choice }) => buildPlan(made, ctx, choice).body);
    expect(bodies).toContainEqual({ kind: 'json', value: expect.objectContaining({ cocktailId: 17 }) });
  });

  it('sends an upload as bytes with its own Content-Type, and cuts, overwrites, replaces and oversizes them', () => {
    const logo = route('PUT /api/venues/:slug/logo');
    const valid = buildPlan(logo, ctx, { ...NONE, identity: 'enterprise' });
    expect(valid.path).toBe('/api/venues/own-bar/logo');
    expect(valid.headers['content-type']).toBe('image/png');
    const bytes = bodyPayload(valid, logo, ctx);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect([...(bytes as Uint8Array).slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const cut = buildPlan(logo, ctx, { ...NONE, body: [{ op: 'truncate', keep: 20 }] });
    expect(cut.body.kind === 'binary' && cut.body.data.length).toBe(20);
    const untyped = buildPlan(logo, ctx, { ...NONE, body: [{ op: 'content-type', value: null }] });
    expect(untyped.headers).not.toHaveProperty('content-type');
    expect(untyped.headers.origin).toBeDefined();
    const gif = buildPlan(logo, ctx, { ...NONE, body: [{ op: 'sample', index: 3 }] });
    expect(gif.headers['content-type']).toBe('image/gif');
    const overwritten = buildPlan(logo, ctx, {
      ...NONE,
      body: [{ op: 'overwrite', at: 16, bytes: new Uint8Array([0xff, 0xff]) }],
    });
    // The IHDR's width (bytes 16-19, 12 px) becomes 0xffff000c.
    expect(overwritten.body.kind === 'binary' && [...overwritten.body.data.slice(16, 20)]).toEqual([0xff, 0xff, 0, 12]);
    const sweep = sweepChoices(logo, ctx).map(({ choice }) => buildPlan(logo, ctx, choice));
    expect(sweep.some((plan) => plan.body.kind === 'huge' && plan.body.bytes > 11 * 1024 * 1024)).toBe(true);
    expect(sweep.filter((plan) => plan.body.kind === 'binary').length).toBeGreaterThan(40);
    expect(sweep.some((plan) => plan.path === '/api/venues/victim-bar/logo' && plan.aimsAtVictim)).toBe(true);
  });

  it('fuzzes the better-auth endpoints the app does not serve in every run, as paths that must answer 404 however spelled', () => {
    const routes = activeRoutes({ wrapperSimulator: false });
    const organization = routes.filter((candidate) => candidate.path.startsWith('/api/auth/organization/'));
    expect(organization).toHaveLength(22);
    const unserved = routes.filter((candidate) => candidate.notServed);
    expect(unserved).toEqual(expect.arrayContaining(organization));
    expect(unserved.map((candidate) => candidate.id)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/change-email',
        'POST /api/auth/get-access-token',
        'POST /api/auth/sign-in/social',
      ]),
    );
    for (const candidate of routes.filter((entry) => entry.path.startsWith('/api/auth/'))) {
      const served = isServedAuthEndpoint(candidate.method, candidate.path.slice('/api/auth'.length));
      expect(candidate.notServed ?? false, candidate.id).toBe(!served);
    }
    const list = route('GET /api/auth/organization/list');
    const paths = sweepChoices(list, ctx).map(({ choice }) => buildPlan(list, ctx, choice).path);
    expect(paths).toHaveLength(SPELLINGS.length + 1);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/auth/organization/list',
        '/api/auth/organization/list/',
        '/api/auth//organization/list',
        '/api/auth/Organization/list',
        '/api/auth/%6Frganization/list',
        '/api/auth/organization/%6Cist',
        '/api/auth/organization%2Flist',
      ]),
    );
  });

  it('drops the body of a GET and fills in the victim in a path', () => {
    const favorite = route('PUT /api/me/favorites/:cocktailId');
    const plan = buildPlan(favorite, ctx, {
      ...NONE,
      method: 'GET',
      body: [{ op: 'whole-text', text: '{' }],
      path: { mutation: { op: 'aim', pick: 0, key: 'userId' }, encoding: 'percent' },
    });
    expect(plan.path).toBe('/api/me/favorites/2');
    expect(plan.body).toEqual({ kind: 'none' });
    expect(plan.aimsAtVictim).toBe(true);
  });
});

describe('routing', () => {
  it('knows whether a request still reaches its route', () => {
    const favorite = route('PUT /api/me/favorites/:cocktailId');
    expect(reachesRoute(favorite, 'PUT', '/api/me/favorites/12')).toBe(true);
    expect(reachesRoute(favorite, 'PUT', '/api/me/favorites/1%00')).toBe(true);
    expect(reachesRoute(favorite, 'PUT', '/api/me/favorites/')).toBe(false);
    expect(reachesRoute(favorite, 'PATCH', '/api/me/favorites/12')).toBe(false);
    expect(reachesRoute(favorite, 'PUT', '/api/me/favorites/12/extra')).toBe(false);
    expect(reachesRoute(route('GET /api/health'), 'HEAD', '/api/health')).toBe(true);
  });
});

describe('command line', () => {
  it('reads --count, --seed, --route and --database, and refuses the unknown', () => {
    expect(parseArguments(['--count', '1000'], {})).toMatchObject({ count: 1000, seed: 1, databases: ['sqlite'] });
    expect(parseArguments(['--seed=7', '--route', 'events'], { TEST_DATABASE_URL: 'postgres://x' })).toMatchObject({
      seed: 7,
      route: 'events',
      databases: ['sqlite', 'postgres'],
    });
    expect(() => parseArguments(['--count', '0'], {})).toThrow(/--count/);
    expect(() => parseArguments(['--database', 'postgres'], {})).toThrow(/TEST_DATABASE_URL/);
    expect(() => parseArguments(['--fast'], {})).toThrow(/unknown option/);
  });
});

describe('a short run on SQLite with planted defects', () => {
  it('reports a path the server must not serve that answered all the same', async () => {
    const report = await runCampaign({
      dialect: 'sqlite',
      seed: 5,
      count: 60,
      routeFilter: '/api/auth/organization/list',
      shrink: false,
      instrument: (world) => {
        const request = world.t.request;
        world.t.request = async (path, init, options) =>
          // Planted: list-members is served again (and answers as better-auth would).
          (init?.method ?? 'GET') === 'GET' && /^\/api\/auth\/organization\/list-members(\?|$)/.test(path)
            ? new Response('{"members":[],"total":0}', { status: 200 })
            : request(path, init, options);
      },
    });
    expect(report.requests).toBe(60);
    expect(report.failures.map((group) => [group.kind, group.route])).toEqual([
      ['served', 'GET /api/auth/organization/list-members'],
    ]);
    expect(report.serverErrors).toBe(0);
  });

  it('reports a 500 with a stack trace, shrunk, and a write to the victim’s favorites', async () => {
    const report = await runCampaign({
      dialect: 'sqlite',
      seed: 3,
      count: 120,
      routeFilter: 'favorites/:cocktailId',
      shrinkBudgetMs: 5_000,
      instrument: (world) => {
        const request = world.t.request;
        world.t.request = async (path, init, options) => {
          // Planted: any NUL in the path answers a 500 with a stack trace; a PUT deletes one of A's favorites.
          if (/%00/.test(path)) {
            return new Response('{"error":{"code":"INTERNAL","message":"at f (/app/x.ts:1:2)"}}', { status: 500 });
          }
          if (init?.method === 'PUT') {
            await world.t.database.db
              .deleteFrom('user_favorites')
              .where('user_id', '=', world.victim.userId)
              .where('cocktail_id', '=', world.victim.favoriteIds[0]!)
              .execute();
          }
          return request(path, init, options);
        };
      },
    });
    expect(report.requests).toBe(120);
    expect(report.systematic).toBeGreaterThan(0);
    const kinds = new Set(report.failures.map((group) => group.kind));
    expect(kinds).toEqual(new Set(['server-error', 'stack-trace', 'victim-write']));
    const serverError = report.failures.find((group) => group.kind === 'server-error')!;
    expect((serverError.minimal ?? serverError.first).plan.path).toMatch(/%00/);
    const write = report.failures.find((group) => group.kind === 'victim-write')!;
    expect(write.detail).toMatch(/favorites/);
    expect(write.first.plan.method).toBe('PUT');
    expect(report.crossUserLeaks).toBeGreaterThan(0);
    expect(report.healthAfter).toBe(200);
  });
});
