import fc from 'fast-check';
import { TRUSTED_ORIGIN, type FuzzContext, type RouteSpec } from './routes/types';
import { shorten } from './values';
import { bodyMutation, rawBodyMutation } from './plan/body-mutations';
import { buildBody } from './plan/build-body';
import { buildPath } from './plan/build-path';
import { buildQuery } from './plan/build-query';
import { asText } from './plan/encoding';
import { encoding } from './plan/field-values';
import { address, cookieMutation, headerMutation, METHODS, thisMachineAddress } from './plan/header-mutations';
import {
  SAFE_METHODS,
  VictimRef,
  type Choice,
  type HeaderMutation,
  type Identity,
  type RequestPlan,
} from './plan/types';
import { pathMutation, queryMutation } from './plan/url-mutations';
import { containsVictim, decoyOf, resolve } from './plan/victim-ids';

/**
 * Request plans: one route's valid request with mutations applied (wrong types, missing and extra fields, hostile strings,
 * numbers and timestamps at the edges, broken or huge bodies, odd paths, query strings, methods, headers and cookies, the
 * victim's ids), drawn by fast-check so that a seed reproduces a plan and fast-check can shrink a failing one. The parts
 * live in plan/: the plan's types, the arbitraries of each part's mutations, the building of each part, the systematic
 * sweep and the payload as sent; the arbitrary and the builder stay together here.
 */

/** `arbitrary` in `percent` % of draws, else null (shrinking goes to null: the mutation is dropped). */
function sometimes<T>(arbitrary: fc.Arbitrary<T>, percent: number): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: 100 - percent, arbitrary: fc.constant(null) }, { weight: percent, arbitrary });
}

/**
 * The arbitrary of request plans for `route`: the valid request from a caller and a socket address, then either
 * - one focused attack (60 %): a few mutations of one part only (body, query, path, headers, cookie or method), so the
 *   request gets past the other checks and reaches the code that reads that part;
 * - a combined attack (30 %): mutations of several parts at once;
 * - or the valid request itself (10 %), from any caller and cookie.
 * Shrinking drops mutations and simplifies values, which is how a failure's reproduction becomes minimal.
 */
export function planArbitrary(route: RouteSpec, ctx: FuzzContext): fc.Arbitrary<RequestPlan> {
  const weights: Record<Identity, number> =
    route.caller === 'anyone'
      ? { anon: 40, member: 30, pro: 20, enterprise: 10 }
      : route.caller === 'user'
        ? { member: 45, pro: 25, anon: 20, enterprise: 10 }
        : route.caller === 'pro'
          ? { pro: 50, member: 20, anon: 20, enterprise: 10 }
          : { enterprise: 55, member: 15, pro: 10, anon: 20 };
  // The route's usual caller first: shrinking goes towards it.
  const identity = fc.oneof(
    ...(Object.entries(weights) as [Identity, number][]).map(([value, weight]) => ({
      weight,
      arbitrary: fc.constant(value),
    })),
  );
  const base = {
    identity,
    streamed: fc.boolean(),
    address: route.thisMachineOnly ? thisMachineAddress : address,
  };
  const none = {
    body: fc.constant(null),
    query: fc.constant(null),
    path: fc.constant(null),
    method: fc.constant(null),
    headers: fc.constant<HeaderMutation[]>([]),
    cookie: fc.constant(null),
  };
  const bodies = fc.array(route.rawBody ? rawBodyMutation : bodyMutation, { minLength: 1, maxLength: 2 });
  const hasBody = route.body !== undefined || route.rawBody !== undefined;
  const queries = fc.record({ mutations: fc.array(queryMutation, { minLength: 1, maxLength: 2 }), encoding });
  const paths = fc.record({ mutation: pathMutation, encoding });
  const focused = fc.oneof(
    { weight: hasBody ? 6 : 1, arbitrary: fc.record({ ...base, ...none, body: bodies }) },
    { weight: route.query ? 4 : 1, arbitrary: fc.record({ ...base, ...none, query: queries }) },
    { weight: route.params ? 4 : 1, arbitrary: fc.record({ ...base, ...none, path: paths }) },
    {
      weight: 3,
      arbitrary: fc.record({ ...base, ...none, headers: fc.array(headerMutation, { minLength: 1, maxLength: 2 }) }),
    },
    { weight: 2, arbitrary: fc.record({ ...base, ...none, cookie: cookieMutation }) },
    { weight: 1, arbitrary: fc.record({ ...base, ...none, method: fc.constantFrom(...METHODS) }) },
  );
  const combined = fc.record({
    ...base,
    body: sometimes(bodies, hasBody ? 60 : 25),
    query: sometimes(queries, route.query ? 45 : 25),
    path: sometimes(paths, route.params ? 40 : 12),
    method: sometimes(fc.constantFrom(...METHODS), 10),
    headers: fc.array(headerMutation, { maxLength: 2 }),
    cookie: sometimes(cookieMutation, 25),
  });
  const valid = fc.record({ ...base, ...none, cookie: sometimes(cookieMutation, 30) });
  const choice: fc.Arbitrary<Choice> = fc.oneof(
    { weight: 6, arbitrary: focused },
    { weight: 3, arbitrary: combined },
    { weight: 1, arbitrary: valid },
  );
  return choice.map((value) => buildPlan(route, ctx, value));
}

/** Builds the plan of `choice` for `route` (exported for the tests). */
export function buildPlan(route: RouteSpec, ctx: FuzzContext, choice: Choice): RequestPlan {
  const mutations: string[] = [];
  const aim = { hit: false };
  // A trusted peer's request (the signed webhook) never names A: its "victim" ids are the webhook target's.
  const victim = route.trusted ? decoyOf(ctx) : ctx.victim;
  let method = route.method;
  if (choice.method && choice.method !== method) {
    method = choice.method;
    mutations.push(`method ${method}`);
  }

  const path = buildPath(route, ctx, choice.path, victim, aim, mutations);
  const query = buildQuery(route, ctx, choice.query, victim, aim, mutations);
  const fullPath = query ? `${path}?${query}` : path;
  const built = buildBody(route, ctx, choice.body, victim, aim, mutations);
  let body = built.body;
  const contentType = built.contentType;

  // Headers: the valid request's (JSON, or an upload's image type, and our own origin on writes), then the mutations.
  const headers: Record<string, string> = { ...route.headers };
  if (body.kind !== 'none' || !SAFE_METHODS.has(route.method)) {
    if (contentType !== null) headers['content-type'] = contentType;
    headers.origin = TRUSTED_ORIGIN;
  }
  for (const mutation of choice.headers) {
    if (mutation.value === null) {
      delete headers[mutation.name];
      mutations.push(`header ${mutation.name} removed`);
      continue;
    }
    const value = `${mutation.prefix ?? ''}${asText(resolve(mutation.value, victim, aim, false))}`;
    headers[mutation.name] = value;
    const label =
      mutation.value instanceof VictimRef ? `victim ${mutation.value.key}` : JSON.stringify(shorten(value, 60));
    mutations.push(`header ${mutation.name}: ${mutation.prefix ?? ''}${label}`);
  }
  if (SAFE_METHODS.has(method) && body.kind !== 'none') {
    body = { kind: 'none' };
    mutations.push('(no body: GET/HEAD cannot carry one)');
  }

  if (choice.cookie) {
    mutations.push(
      `cookie ${choice.cookie.mix}${choice.cookie.mix === 'garbage' ? ` ${JSON.stringify(choice.cookie.text)}` : ''}`,
    );
    if (choice.cookie.mix.startsWith('victim')) aim.hit = true;
  }
  if (choice.streamed && body.kind !== 'none') mutations.push('no Content-Length');

  const template = `${route.path}${JSON.stringify(route.query?.(ctx) ?? {})}${JSON.stringify(route.body?.(ctx) ?? null)}`;
  const aimsAtVictim = !route.trusted && (aim.hit || containsVictim(template, ctx.victim));

  return {
    route: route.id,
    identity: choice.identity,
    method,
    path: fullPath,
    headers,
    cookie: choice.cookie,
    body,
    streamed: choice.streamed,
    address: choice.address,
    mutations,
    aimsAtVictim,
  };
}
