import { VICTIM_KEYS, type FuzzContext, type RouteSpec } from '../routes/types';
import { IMAGE_CONTENT_TYPES, IMAGE_SAMPLES } from '../images';
import { NOISE_VARIANT, typedVariants } from '../typed-variants';
import { IMAGE_MAGIC, noiseBytes } from './body-mutations';
import { pathVariants } from './build-path';
import { getAt, placesOf } from './json-places';
import {
  COOKIE_MIXES,
  SAFE_METHODS,
  VictimRef,
  type BodyMutation,
  type Choice,
  type Identity,
  type PathMutation,
  type QueryMutation,
} from './types';
import { SPELLINGS } from './url-mutations';
import { ID_LIKE, matchingVictimKey, numericVictimKeys } from './victim-ids';

/**
 * The systematic part of a run: for every place of the route's valid request (each body field at any depth, each query
 * parameter, each path parameter), one request per typed variant ({@link typedVariants}: NUL, lone surrogates, 100 kB,
 * year 0 / 9999, -0 / 1e308, nesting 10,000 deep, 100k items...), all else valid, from the route's usual caller. So every
 * text field gets a NUL byte and every timestamp year 0 whatever the seed; `order` is the variant's rank (the most
 * telling variants first), for interleaving routes. A path the server does not serve ({@link RouteSpec.notServed}) gets
 * its valid request and its other {@link SPELLINGS} instead.
 */
export function sweepChoices(route: RouteSpec, ctx: FuzzContext): { order: number; choice: Choice }[] {
  const identity: Identity = route.caller === 'anyone' ? 'anon' : route.caller === 'user' ? 'member' : route.caller;
  const base: Choice = {
    identity,
    body: null,
    query: null,
    path: null,
    method: null,
    headers: [],
    cookie: null,
    streamed: false,
    address: '198.51.100.1',
  };
  if (route.notServed) {
    // Nothing reads the body or the query of a path the server does not serve: the valid request, and the path in
    // every other spelling (what a prefix check could miss), each of which must answer 404.
    return [
      { order: 0, choice: base },
      ...SPELLINGS.map((_, index) => ({
        order: index / 2,
        choice: { ...base, path: { mutation: { op: 'spelling' as const, index }, encoding: 'percent' as const } },
      })),
    ];
  }
  const out: { order: number; choice: Choice }[] = [];
  if (route.body) {
    const value = route.body(ctx);
    placesOf(value).forEach((place, pickIndex) => {
      const count = typedVariants(String(place[place.length - 1]), getAt(value, place)).length;
      for (let index = 0; index < count; index += 1) {
        out.push({ order: index, choice: { ...base, body: [{ op: 'typed', pick: pickIndex, index }] } });
      }
    });
  }
  const query = route.query?.(ctx) ?? {};
  Object.entries(query).forEach(([key, template], pickIndex) => {
    const count = typedVariants(key, Array.isArray(template) ? template[0] : template).length;
    for (let index = 0; index < count; index += 1) {
      const mutations: QueryMutation[] = [{ op: 'typed', pick: pickIndex, index }];
      out.push({ order: index, choice: { ...base, query: { mutations, encoding: 'wtf8' } } });
    }
  });
  Object.entries(route.params ?? {}).forEach(([name, param], pickIndex) => {
    const count = pathVariants(name, param.valid(ctx)).length;
    for (let index = 0; index < count; index += 1) {
      out.push({
        order: index,
        choice: { ...base, path: { mutation: { op: 'typed', pick: pickIndex, index }, encoding: 'wtf8' } },
      });
    }
  });
  if (route.rawBody) {
    // An upload: every sample (valid images of each format, refused formats, bombs' headers, empty), the valid image
    // with every Content-Type, cut short at points through its headers, with bytes overwritten there, and random bytes
    // after each format's magic number.
    const raws: BodyMutation[][] = [
      ...IMAGE_SAMPLES.map((_, index): BodyMutation[] => [{ op: 'sample', index }]),
      ...IMAGE_CONTENT_TYPES.map((value): BodyMutation[] => [{ op: 'content-type', value }]),
      ...[1, 2, 4, 8, 12, 16, 20, 24, 30, 33, 40, 60, 90, 150].map((keep): BodyMutation[] => [
        { op: 'truncate', keep },
      ]),
      ...[0, 2, 8, 12, 16, 20, 24, 29, 37, 45].map((at): BodyMutation[] => [
        { op: 'overwrite', at, bytes: new Uint8Array([0xff, 0xff, 0xff, 0xff]) },
      ]),
      ...IMAGE_MAGIC.map((_, magic): BodyMutation[] => [
        { op: 'random-bytes', magic, bytes: noiseBytes(2_048, magic) },
      ]),
    ];
    raws.forEach((body, index) => out.push({ order: index / 4, choice: { ...base, body } }));
  }
  if (!SAFE_METHODS.has(route.method)) {
    // A body past the route's limit (2 MB; 12 MB for an upload, whose limit is 11 MB), declared and streamed: 413
    // (never a 5xx).
    const bytes = route.rawBody ? 12_000_000 : 2_000_000;
    for (const streamed of [false, true]) {
      out.push({
        order: 1,
        choice: { ...base, streamed, body: [{ op: 'huge', bytes, style: 'padded-json' }] },
      });
    }
  }
  if (!route.params) {
    // One extra path segment of incompressible text (3 kB), which no route expects.
    const mutation: PathMutation = { op: 'typed', pick: 0, index: NOISE_VARIANT };
    out.push({ order: 0, choice: { ...base, path: { mutation, encoding: 'percent' } } });
  }
  if (!route.trusted) out.push(...victimSweep(route, ctx, base));
  return out;
}

/**
 * The systematic cross-user part for one route, from B (B' on pro routes, B-enterprise on enterprise routes; or nobody,
 * on public routes): each of A's ids in every id-like place of the body, query and path; every path parameter aimed at
 * A at once where several match A's ids (A's venue and A's staff member together); A's user id added as `userId` to the
 * query and the body; each way of mixing A's session material into the cookie; A's raw token as a bearer token.
 */
function victimSweep(route: RouteSpec, ctx: FuzzContext, base: Choice): { order: number; choice: Choice }[] {
  const attacker: Choice = {
    ...base,
    identity: route.caller === 'pro' || route.caller === 'enterprise' ? route.caller : 'member',
  };
  const items: Choice[] = [];
  if (route.body) {
    const idLike = placesOf(route.body(ctx)).filter((place) => ID_LIKE.test(String(place[place.length - 1])));
    idLike.forEach((_, pickIndex) => {
      for (const key of VICTIM_KEYS) items.push({ ...attacker, body: [{ op: 'aim', pick: pickIndex, key }] });
    });
  }
  const queryKeys = Object.keys(route.query?.(ctx) ?? {}).filter((key) => ID_LIKE.test(key));
  for (const name of queryKeys) {
    for (const key of VICTIM_KEYS) {
      items.push({ ...attacker, query: { mutations: [{ op: 'aim', name, key }], encoding: 'percent' } });
    }
  }
  Object.keys(route.params ?? {}).forEach((name, pickIndex) => {
    for (const key of numericVictimKeys(route, name) ?? VICTIM_KEYS) {
      items.push({ ...attacker, path: { mutation: { op: 'aim', pick: pickIndex, key }, encoding: 'percent' } });
    }
  });
  const matching = Object.keys(route.params ?? {}).filter((name) => matchingVictimKey(route, name) !== null);
  if (matching.length > 1) items.push({ ...attacker, path: { mutation: { op: 'aim-all' }, encoding: 'percent' } });
  items.push({
    ...attacker,
    query: { mutations: [{ op: 'aim', name: 'userId', key: 'userId' }], encoding: 'percent' },
  });
  if (!route.rawBody) {
    items.push({ ...attacker, body: [{ op: 'add', pick: 0, key: 'userId', value: new VictimRef('userId') }] });
  }
  items.push({
    ...attacker,
    headers: [{ name: 'authorization', value: new VictimRef('sessionToken'), prefix: 'Bearer ' }],
  });
  for (const mix of COOKIE_MIXES) {
    if (mix.startsWith('victim')) {
      items.push({
        ...base,
        identity: route.caller === 'anyone' ? 'anon' : attacker.identity,
        cookie: { mix, text: '' },
      });
    }
  }
  // Four cross-user requests per rank of the typed variants: they come early in a short run.
  return items.map((choice, index) => ({ order: index / 4, choice }));
}
