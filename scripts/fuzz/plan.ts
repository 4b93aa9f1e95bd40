import fc from 'fast-check';
import { TEST_WEBHOOK_AUTH } from '../../tests/support/payments';
import {
  TRUSTED_ORIGIN,
  VICTIM_KEYS,
  victimValue,
  type FuzzContext,
  type RouteSpec,
  type VictimIds,
  type VictimKey,
} from './routes/types';
import { IMAGE_CONTENT_TYPES, IMAGE_SAMPLES } from './images';
import { edgeValues, schemaAt } from './schema-edges';
import { edgeTimestamp } from './timestamps';
import { NOISE_VARIANT, typedVariants } from './typed-variants';
import {
  BROKEN_JSON_BODIES,
  CURATED_STRINGS,
  EXTRA_KEYS,
  Special,
  deepValue,
  describeValue,
  hostileString,
  hugeBodySize,
  hugeString,
  longArray,
  nastyNumber,
  nastyString,
  shorten,
  toJsonText,
  wrongType,
} from './values';

/**
 * Request plans: one route's valid request with mutations applied (wrong types, missing and extra fields, hostile strings,
 * numbers and timestamps at the edges, broken or huge bodies, odd paths, query strings, methods, headers and cookies, the
 * victim's ids), drawn by fast-check so that a seed reproduces a plan and fast-check can shrink a failing one.
 */

/**
 * Who sends a request: nobody signed in, user B (free plan), user B' (pro plan), or B-enterprise (enterprise plan, owner
 * of a venue). Never the victim.
 */
export type Identity = 'anon' | 'member' | 'pro' | 'enterprise';

/**
 * What is done to the caller's Cookie header. `victim-*` mixes in A's session material that must not be a credential: the
 * raw token from the database (unsigned), A's signed cookie with a broken signature, A's token with B's signature, A's
 * session id, A's raw token under the production cookie name, or before/after B's own cookie. (A's intact signed cookie is
 * never sent: whoever holds it is A.)
 */
export const COOKIE_MIXES = [
  'victim-raw',
  'victim-raw-after-own',
  'victim-raw-before-own',
  'victim-tampered',
  'victim-own-signature',
  'victim-session-id',
  'victim-secure-name',
  'garbage',
  'huge',
  'empty',
  'victim-two-factor',
  'victim-cache',
] as const;
export type CookieMix = (typeof COOKIE_MIXES)[number];

/**
 * A request body: none, a JSON value (possibly with {@link Special} parts), text as it is, a huge generated text, or raw
 * bytes (an upload: RouteSpec.rawBody) with what they are in words.
 */
export type BodyPlan =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'huge'; bytes: number; style: 'json-string' | 'junk' | 'padded-json' | 'number-array' }
  | { kind: 'binary'; data: Uint8Array; label: string };

/** One request, ready to send (the caller's cookies are added at send time, since sessions come and go). */
export interface RequestPlan {
  /** The route table entry it came from. */
  route: string;
  identity: Identity;
  method: string;
  /** Path and query string, as sent. */
  path: string;
  headers: Record<string, string>;
  cookie: { mix: CookieMix; text: string } | null;
  body: BodyPlan;
  /** Omit Content-Length (the body streams, as with chunked transfer). */
  streamed: boolean;
  /** The socket address the request comes from. */
  address: string;
  /** What was done to the valid request, in words. */
  mutations: string[];
  /** The request carries the victim's ids or session material. */
  aimsAtVictim: boolean;
}

/** A victim identifier to be filled in when the plan is built. */
export class VictimRef {
  constructor(readonly key: VictimKey) {}

  /** How a reproduction prints it. */
  describe(): string {
    return `«A's ${this.key}»`;
  }
}

type Path = (string | number)[];

// --- Mutation descriptors (plain data, so fast-check can shrink them).

type BodyMutation =
  | { op: 'typed'; pick: number; index: number }
  | { op: 'set'; pick: number; value: unknown }
  | { op: 'edge'; pick: number; index: number }
  | { op: 'aim'; pick: number; key: VictimKey }
  | { op: 'drop'; pick: number }
  | { op: 'add'; pick: number; key: string; value: unknown }
  | { op: 'whole-text'; text: string }
  | { op: 'whole-value'; value: unknown }
  | { op: 'huge'; bytes: number; style: 'json-string' | 'junk' | 'padded-json' | 'number-array' }
  | { op: 'absent' }
  // Raw bodies (uploads) only: keep the first `keep` bytes (modulo the length: always shorter), overwrite bytes at `at`
  // (modulo the length), random bytes after the magic number of a format (IMAGE_MAGIC), another sample, text appended,
  // another Content-Type (null: none).
  | { op: 'truncate'; keep: number }
  | { op: 'overwrite'; at: number; bytes: Uint8Array }
  | { op: 'random-bytes'; magic: number; bytes: Uint8Array }
  | { op: 'sample'; index: number }
  | { op: 'append'; text: string }
  | { op: 'content-type'; value: string | null };

type QueryMutation =
  | { op: 'typed'; pick: number; index: number }
  | { op: 'set'; pick: number; value: unknown }
  | { op: 'edge'; pick: number; index: number }
  | { op: 'aim'; name: string; key: VictimKey }
  | { op: 'repeat'; pick: number; values: unknown[] }
  | { op: 'drop'; pick: number }
  | { op: 'add'; key: string; value: unknown }
  | { op: 'raw'; text: string }
  | { op: 'long'; length: number };

type PathMutation =
  | { op: 'typed'; pick: number; index: number }
  | { op: 'param'; pick: number; value: string }
  | { op: 'edge'; pick: number; index: number }
  | { op: 'aim'; pick: number; key: VictimKey }
  | { op: 'aim-all' }
  | { op: 'traversal'; text: string }
  | { op: 'suffix'; text: string }
  | { op: 'case' }
  | { op: 'spelling'; index: number }
  | { op: 'long'; length: number };

type HeaderMutation = { name: string; value: string | VictimRef | null; prefix?: string };

/** The random choices a plan is built from (see {@link planArbitrary}). */
export interface Choice {
  identity: Identity;
  body: BodyMutation[] | null;
  query: { mutations: QueryMutation[]; encoding: Encoding } | null;
  path: { mutation: PathMutation; encoding: Encoding } | null;
  method: string | null;
  headers: HeaderMutation[];
  cookie: { mix: CookieMix; text: string } | null;
  streamed: boolean;
  address: string;
}

type Encoding = 'percent' | 'raw' | 'wtf8';

// --- Arbitraries.

const victimRef: fc.Arbitrary<VictimRef> = fc.constantFrom(...VICTIM_KEYS).map((key) => new VictimRef(key));

/** A value for any field: hostile strings, wrong types, extreme numbers and timestamps, the victim's ids, deep or long. */
const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 3, arbitrary: wrongType },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 2, arbitrary: edgeTimestamp },
  { weight: 2, arbitrary: victimRef },
  { weight: 1, arbitrary: deepValue },
  { weight: 1, arbitrary: longArray },
);

/** A value for a query parameter or a path segment (text). */
const textValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 2, arbitrary: edgeTimestamp },
  { weight: 2, arbitrary: victimRef },
);

const encoding: fc.Arbitrary<Encoding> = fc.constantFrom<Encoding>('percent', 'raw', 'wtf8');

const bodyMutation: fc.Arbitrary<BodyMutation> = fc.oneof(
  { weight: 7, arbitrary: fc.record({ op: fc.constant('typed' as const), pick: fc.nat(), index: fc.nat() }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('set' as const), pick: fc.nat(), value: fieldValue }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('edge' as const), pick: fc.nat(), index: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('aim' as const), pick: fc.nat(), key: fc.constantFrom(...VICTIM_KEYS) }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('drop' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('add' as const),
      pick: fc.nat(),
      key: fc.oneof(fc.constantFrom(...EXTRA_KEYS), nastyString),
      value: fieldValue,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('whole-text' as const),
      text: fc.oneof(fc.constantFrom(...BROKEN_JSON_BODIES), nastyString),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('whole-value' as const),
      value: fc.oneof(wrongType, deepValue, longArray, hostileString),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('huge' as const),
      bytes: hugeBodySize,
      style: fc.constantFrom('json-string' as const, 'junk' as const, 'padded-json' as const, 'number-array' as const),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ op: 'absent' as const }) },
);

/** Magic numbers random bytes may start with (so they get past the format check to the decoder): none, PNG, JPEG, WebP. */
const IMAGE_MAGIC: readonly { label: string; bytes: readonly number[] }[] = [
  { label: 'no', bytes: [] },
  { label: 'PNG', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { label: 'JPEG', bytes: [0xff, 0xd8, 0xff] },
  { label: 'WebP', bytes: [0x52, 0x49, 0x46, 0x46, 0x40, 0, 0, 0, 0x57, 0x45, 0x42, 0x50] },
];

/** `length` pseudo-random bytes drawn from `seed` (the same in every run). */
function noiseBytes(length: number, seed: number): Uint8Array {
  let state = (0x2545f491 + seed) >>> 0;
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i += 1) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    out[i] = (state >>> 16) & 0xff;
  }
  return out;
}

/** Mutations of an upload's raw body (see RouteSpec.rawBody): binary ones, and the whole-body ones. */
const rawBodyMutation: fc.Arbitrary<BodyMutation> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('truncate' as const), keep: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('overwrite' as const),
      at: fc.nat(),
      bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('random-bytes' as const),
      magic: fc.nat({ max: IMAGE_MAGIC.length - 1 }),
      bytes: fc.uint8Array({ maxLength: 4_096 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('sample' as const), index: fc.nat({ max: IMAGE_SAMPLES.length - 1 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('append' as const),
      text: fc.oneof(fc.constantFrom('<script>alert(1)</script>', '<?php echo 1; ?>', '\u0000'), nastyString),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('content-type' as const), value: fc.constantFrom(...IMAGE_CONTENT_TYPES) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('whole-text' as const),
      text: fc.oneof(fc.constantFrom(...BROKEN_JSON_BODIES), nastyString),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('huge' as const),
      bytes: hugeBodySize,
      style: fc.constantFrom('junk' as const, 'padded-json' as const),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ op: 'absent' as const }) },
);

const queryKey = fc.oneof(
  fc.constantFrom('userId', 'user_id', 'id', 'email', 'token', 'q', 'page', 'callbackURL', 'redirect', '__proto__'),
  fc.constantFrom(...EXTRA_KEYS),
  nastyString,
);

const RAW_QUERY_TEXTS = [
  '&&&',
  '=',
  '==',
  '&=&',
  '%',
  '%%',
  '%ZZ=1',
  'a=%E0%A4%A',
  'a=%ED%A0%80',
  'a=%C0%AF',
  'a[]=1&a[]=2',
  'a[b][c]=1',
  '__proto__[admin]=1',
  'constructor[prototype][admin]=1',
  'page=1&page=2&page=-1',
  'q=%00',
  'q=%00%00%00',
  'q=a%00b',
  'q=+',
  'q=%2B%20',
  ';q=1',
  'q=1#fragment',
  '?',
  'q=%ud800',
  'q=%uD83D%uDE00',
  'pageSize=1e3',
  'page=0x10',
  'page=Infinity',
  'page=-0',
  'page=9007199254740993',
  'size=NaN',
  'spirit=&spirit=&spirit=',
] as const;

const queryMutation: fc.Arbitrary<QueryMutation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant('typed' as const), pick: fc.nat(), index: fc.nat() }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('set' as const), pick: fc.nat(), value: textValue }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('edge' as const), pick: fc.nat(), index: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('aim' as const),
      name: fc.constantFrom('userId', 'user_id', 'id', 'token', 'email', 'accountId', 'app_user_id', 'sessionId'),
      key: fc.constantFrom(...VICTIM_KEYS),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('repeat' as const),
      pick: fc.nat(),
      values: fc.array(textValue, { minLength: 2, maxLength: 6 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('drop' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('add' as const), key: queryKey, value: textValue }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('raw' as const), text: fc.constantFrom(...RAW_QUERY_TEXTS) }) },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('long' as const), length: fc.integer({ min: 2_000, max: 100_000 }) }),
  },
);

const TRAVERSALS = [
  '..%2f',
  '..%2F..%2F..%2F',
  '%2e%2e%2f',
  '%2e%2e/',
  '..%5c',
  '..;/',
  '%252e%252e%252f',
  '/..',
  '/./',
  '//',
  '/%00/',
  '/.%00/',
  '/%2e/',
  '/..%00/',
  '/%2f%2f/',
  '/..%2f..%2f..%2fetc%2fpasswd',
] as const;

const SUFFIXES = [
  '/',
  '//',
  '/.',
  '.json',
  ';jsessionid=1',
  '%00',
  '%20',
  '/extra',
  '/%2f',
  '\\',
  '/..',
  '/%ff',
  '/%c0%af',
  '~',
] as const;

/**
 * Other spellings of a path that a router might still take for it (the next-to-last segment is the one a prefix check
 * like `/api/auth/organization/` looks at): URL parsing keeps each of them as it is (unlike `/./` or `x/../`).
 */
export const SPELLINGS: readonly { label: string; apply: (path: string) => string }[] = [
  { label: 'trailing slash', apply: (path) => `${path}/` },
  { label: 'doubled slash', apply: (path) => respell(path, -2, (segment) => `/${segment}`) },
  {
    label: 'upper-case letter',
    apply: (path) => respell(path, -2, (s) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`),
  },
  { label: 'percent-encoded letter', apply: (path) => respell(path, -2, percentFirst) },
  { label: 'percent-encoded letter, last segment', apply: (path) => respell(path, -1, percentFirst) },
  { label: 'encoded slash', apply: (path) => path.replace(/\/(?=[^/]*$)/, '%2F') },
  { label: 'matrix parameter', apply: (path) => `${path};x=1` },
];

/** `path` with its segment at `at` (negative: from the end) rewritten (a path too short is left as it is). */
function respell(path: string, at: number, rewrite: (segment: string) => string): string {
  const segments = path.split('/');
  const index = segments.length + at;
  if (index < 1 || !segments[index]) return path;
  segments[index] = rewrite(segments[index]);
  return segments.join('/');
}

/** A segment with its first character percent-encoded (`organization` -> `%6Frganization`). */
function percentFirst(segment: string): string {
  const code = segment.charCodeAt(0);
  return code < 0x80 ? `%${code.toString(16).toUpperCase().padStart(2, '0')}${segment.slice(1)}` : segment;
}

const pathMutation: fc.Arbitrary<PathMutation> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('typed' as const), pick: fc.nat(), index: fc.nat() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('param' as const),
      pick: fc.nat(),
      value: fc.oneof(hostileString, fc.constantFrom(...CURATED_STRINGS)),
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('edge' as const), pick: fc.nat(), index: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('aim' as const), pick: fc.nat(), key: fc.constantFrom(...VICTIM_KEYS) }),
  },
  { weight: 1, arbitrary: fc.constant({ op: 'aim-all' as const }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('traversal' as const), text: fc.constantFrom(...TRAVERSALS) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('suffix' as const), text: fc.constantFrom(...SUFFIXES) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'case' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('spelling' as const), index: fc.nat({ max: SPELLINGS.length - 1 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('long' as const), length: fc.integer({ min: 2_000, max: 100_000 }) }),
  },
);

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'FUZZ'] as const;

const headerText = fc.oneof(hostileString, hugeString(16_000));

const headerMutation: fc.Arbitrary<HeaderMutation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      name: fc.constant('origin'),
      value: fc.constantFrom<string | null>(
        'https://evil.example',
        'null',
        'http://localhost:3000.evil.example',
        'http://localhost',
        'http://localhost:3001',
        'http://127.0.0.1:3000',
        'HTTP://LOCALHOST:3000',
        '',
        'http://localhost:3000/',
        'file://',
        'chrome-extension://abcdef',
        null,
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      name: fc.constant('sec-fetch-site'),
      value: fc.constantFrom('cross-site', 'same-site', 'none', 'same-origin'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      name: fc.constant('content-type'),
      value: fc.constantFrom<string | null>(
        'text/plain',
        'text/plain;charset=UTF-8',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=xyz',
        'multipart/form-data',
        'application/json; charset=utf-16',
        'application/json; charset=latin1',
        'application/xml',
        'application/vnd.api+json',
        'application/json, text/plain',
        'APPLICATION/JSON',
        'application/json;;;',
        '*/*',
        '',
        null,
      ),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.oneof(
      fc.record({ name: fc.constant('authorization'), value: victimRef, prefix: fc.constant('Bearer ') }),
      fc.record({
        name: fc.constant('authorization'),
        value: fc.constantFrom<string | null>(
          'Bearer x',
          'Bearer ',
          TEST_WEBHOOK_AUTH.replace(' ', '  '),
          TEST_WEBHOOK_AUTH.toLowerCase(),
          TEST_WEBHOOK_AUTH.slice(0, -1),
          `${TEST_WEBHOOK_AUTH}0`,
          'Basic Zm9vOmJhcg==',
          'Bearer test-webhook-secret-0123456788',
          null,
        ),
      }),
      fc.record({ name: fc.constant('authorization'), value: headerText }),
    ),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      name: fc.constantFrom(
        'x-forwarded-for',
        'x-real-ip',
        'forwarded',
        'x-barback-client-address',
        'cf-connecting-ip',
      ),
      value: fc.oneof(
        fc.constantFrom('127.0.0.1', '::1', '1.1.1.1, 127.0.0.1', 'unknown', 'for=127.0.0.1'),
        headerText,
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      name: fc.constant('accept-encoding'),
      value: fc.constantFrom('gzip', 'br', 'deflate', 'zstd', 'gzip;q=0', '*', 'identity;q=0', 'gzip, br'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      name: fc.constantFrom('if-none-match', 'if-modified-since', 'range', 'accept', 'x-http-method-override'),
      value: fc.oneof(
        fc.constantFrom(
          '*',
          'W/"0"',
          '"x"',
          'bytes=0-0',
          'bytes=-1',
          'text/html',
          'DELETE',
          'Thu, 01 Jan 1970 00:00:00 GMT',
        ),
        headerText,
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      name: fc.constantFrom('user-agent', 'referer', 'x-fuzz', 'x-requested-with', 'accept-language'),
      value: headerText,
    }),
  },
);

const cookieMutation = fc.record({
  mix: fc.constantFrom(...COOKIE_MIXES),
  text: fc.oneof(fc.constantFrom('', 'a', '%00', '"'), nastyString),
});

const loopbackAddress = fc.constantFrom('127.0.0.1', '::1', '::ffff:127.0.0.1');
const address: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: fc.ipV4() },
  { weight: 1, arbitrary: fc.ipV6() },
  { weight: 1, arbitrary: loopbackAddress },
);
/** Routes that answer this machine only get half their requests from it, so their handlers are reached too. */
const thisMachineAddress = fc.oneof(loopbackAddress, address);

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

// --- Building a plan from a choice.

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** Every place in a JSON value (object keys and array items, at any depth), parents before children. */
function placesOf(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object' || value instanceof Special) return [];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value as Record<string, unknown>);
  return entries.flatMap(([key, item]) => [[...prefix, key], ...placesOf(item, [...prefix, key])]);
}

/** The places of a value that hold objects (where a field can be added), the root first. */
function objectsOf(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Special) return [];
  const found: Path[] = [prefix];
  for (const [key, item] of Object.entries(value as Record<string, unknown>))
    found.push(...objectsOf(item, [...prefix, key]));
  return found;
}

const ID_LIKE = /(^|_)id$|Id$|ids$|email|token|user|alias|transferred|account|slug/i;

function clone<T>(value: T): T {
  if (value instanceof Special) return value;
  if (Array.isArray(value)) return value.map((item) => clone(item) as unknown) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, clone(item)])) as T;
  }
  return value;
}

function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  let parent = root as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  // A literal "__proto__" key must become an own property, as JSON.parse makes it.
  Object.defineProperty(parent, last, { value, enumerable: true, writable: true, configurable: true });
  return root;
}

function getAt(root: unknown, path: Path): unknown {
  let current = root;
  for (const step of path) current = (current as Record<string | number, unknown> | null)?.[step];
  return current;
}

function dropAt(root: unknown, path: Path): unknown {
  if (path.length === 0) return undefined;
  let parent = root as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
  else delete parent[last];
  return root;
}

const isContainer = (value: unknown): value is object =>
  value !== null && typeof value === 'object' && !(value instanceof Special);

const pick = <T>(items: readonly T[], index: number): T | undefined =>
  items.length === 0 ? undefined : items[index % items.length];

/** The victim keys whose values are numbers (JSON numbers in bodies). */
const NUMERIC_VICTIM_KEYS: ReadonlySet<VictimKey> = new Set<VictimKey>([
  'favoriteId',
  'barIngredientId',
  'collectionId',
  'supportMessageId',
  'venueMenuItemId',
  'venueSignatureId',
  'ownRecipeId',
]);

/**
 * The victim keys a numeric path parameter takes, the likeliest first (A's favorite, then A's venue's signature cocktail,
 * then A's own recipe, for a cocktail id; the other way round on a venue's signature routes, where a catalogue cocktail
 * is the second target;
 * A's bar ingredient for an ingredient id), or null when the parameter takes any of A's identifiers.
 */
function numericVictimKeys(route: RouteSpec, name: string | undefined): VictimKey[] | null {
  if (name === 'id' && route.path.startsWith('/api/me/collections')) return ['collectionId'];
  if (name === 'id' && route.path.startsWith('/api/me/recipes')) return ['ownRecipeId'];
  if (name === 'cocktailId' && route.path.startsWith('/api/me/recipes')) return ['ownRecipeId', 'venueSignatureId'];
  if (name === 'cocktailId' && route.path.startsWith('/api/venues/')) return ['venueSignatureId', 'favoriteId'];
  // A's own recipe too: collections, notes, ratings, made drinks and My Bar take an own recipe's id for its owner only.
  if (name === 'cocktailId' || (name === 'id' && route.path.startsWith('/api/cocktails'))) {
    return ['favoriteId', 'venueSignatureId', 'ownRecipeId'];
  }
  if (name === 'ingredientId') return ['barIngredientId'];
  if (name === 'itemId') return ['venueMenuItemId'];
  return null;
}

/** The victim key a numeric path parameter takes: `wanted` when it is one of its keys, else the likeliest. */
function numericVictimKey(route: RouteSpec, name: string | undefined, wanted?: VictimKey): VictimKey | null {
  const keys = numericVictimKeys(route, name);
  if (!keys) return null;
  return wanted !== undefined && keys.includes(wanted) ? wanted : keys[0]!;
}

/**
 * The victim key that matches a path parameter, for aiming all of a route's parameters at A at once (A's venue and A's
 * staff member in `DELETE /api/venues/:slug/members/:memberId`, A's venue and A's menu item in the availability route):
 * the numeric ones of {@link numericVictimKey}, A's venue slug (venue routes and the public menu), member and
 * invitation ids; null for a parameter no victim id matches (it keeps its valid value).
 */
function matchingVictimKey(route: RouteSpec, name: string): VictimKey | null {
  const numeric = numericVictimKey(route, name);
  if (numeric) return numeric;
  if (name === 'slug' && /^\/api\/(?:venues|menus)\//.test(route.path)) return 'venueSlug';
  if (name === 'memberId') return 'venueMemberId';
  if (name === 'invitationId') return 'venueInvitationId';
  return null;
}

/** Fills in victim references (JSON numbers for numeric ids in bodies, text elsewhere); notes that the victim is aimed at. */
function resolve(value: unknown, victim: VictimIds, aim: { hit: boolean }, numeric: boolean): unknown {
  if (value instanceof VictimRef) {
    aim.hit = true;
    const text = victimValue(victim, value.key);
    return numeric && NUMERIC_VICTIM_KEYS.has(value.key) ? Number(text) : text;
  }
  if (value instanceof Special || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => resolve(item, victim, aim, numeric));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    Object.defineProperty(out, key, {
      value: resolve(item, victim, aim, numeric),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** A value as query or path text. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Special) return value.render();
  return toJsonText(value);
}

/** UTF-8 percent-encoding; lone surrogates as the bytes of their WTF-8 form (invalid UTF-8 on the wire). */
function percentEncode(text: string, mode: Encoding): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (/^[A-Za-z0-9\-._~]$/.test(ch)) out += ch;
    else if (code >= 0xd800 && code <= 0xdfff) {
      out +=
        mode === 'wtf8'
          ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
              .map((byte) => `%${byte.toString(16).toUpperCase()}`)
              .join('')
          : '%EF%BF%BD';
    } else {
      out += [...Buffer.from(ch, 'utf8')]
        .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
        .join('');
    }
  }
  return out;
}

/** Query or path text as sent: percent-encoded, WTF-8 encoded, or raw (left for the URL parser, `#` and `?` escaped). */
function encodeText(text: string, mode: Encoding): string {
  if (mode === 'raw') return text.replace(/[#?&%]/g, (ch) => (ch === '%' ? '%' : encodeURIComponent(ch)));
  return percentEncode(text, mode);
}

function containsVictim(text: string, victim: VictimIds): boolean {
  return [
    victim.userId,
    victim.email,
    victim.sessionToken,
    victim.sessionId,
    ...victim.accountIds,
    victim.venueSlug,
    victim.venueId,
    victim.venueMemberId,
    victim.venueInvitationId,
  ].some((id) => id !== '' && text.includes(id));
}

/** The typed variants of a path parameter: as text, and as a number too when the valid value is one. */
function pathVariants(name: string, current: string): unknown[] {
  const variants = typedVariants(name, current);
  if (/^\d+$/.test(current)) variants.push(...typedVariants(name, Number(current)));
  return variants;
}

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

/** Stand-in ids for trusted requests: the webhook target's user id, and ids that belong to nobody. */
function decoyOf(ctx: FuzzContext): VictimIds {
  return {
    userId: ctx.webhookTargetId,
    email: 'fuzz-webhook-target@example.test',
    sessionId: 'fuzz-decoy-session',
    sessionToken: 'fuzz-decoy-token',
    accountIds: ['fuzz-decoy-account'],
    favoriteIds: [1],
    barIngredientIds: [1],
    collectionId: 0,
    supportMessageId: 1,
    webhookEventId: 'fuzz-decoy-event',
    venueSlug: 'fuzz-decoy-venue',
    venueId: 'fuzz-decoy-venue-id',
    venueMemberId: 'fuzz-decoy-member',
    venueInvitationId: 'fuzz-decoy-invitation',
    venueMenuItemId: 1,
    venueSignatureId: 1,
    ownRecipeId: 0,
  };
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

  // Path.
  const paramNames = Object.keys(route.params ?? {});
  const params: Record<string, string> = {};
  for (const name of paramNames) params[name] = encodeText(route.params![name]!.valid(ctx), 'percent');
  let extraSegment: string | null = null;
  let pathSuffix = '';
  let traversal: string | null = null;
  let spelling: (typeof SPELLINGS)[number] | null = null;
  let upper = false;
  if (choice.path) {
    const { mutation, encoding: mode } = choice.path;
    const name = pick(paramNames, 'pick' in mutation ? mutation.pick : 0);
    const place = (text: string, label: string) => {
      if (name) params[name] = text;
      else extraSegment = text;
      mutations.push(`${name ? `path :${name}` : 'extra path segment'} = ${label}`);
    };
    switch (mutation.op) {
      case 'typed': {
        const value = pick(
          pathVariants(name ?? 'segment', name ? route.params![name]!.valid(ctx) : 'x'),
          mutation.index,
        );
        place(encodeText(asText(value), mode), `${describeValue(value)} (${mode})`);
        break;
      }
      case 'param':
        place(encodeText(mutation.value, mode), `${JSON.stringify(shorten(mutation.value, 60))} (${mode})`);
        break;
      case 'edge': {
        const schema = name ? route.params![name]!.schema : undefined;
        const edges = edgeValues(schema).filter((value) => value !== undefined);
        const value = pick(edges.length > 0 ? edges : ['0'], mutation.index);
        place(encodeText(asText(value), mode), `edge ${describeValue(value)}`);
        break;
      }
      case 'aim': {
        const key = numericVictimKey(route, name, mutation.key) ?? mutation.key;
        const text = String(resolve(new VictimRef(key), victim, aim, false));
        place(encodeText(text, 'percent'), `victim ${key}`);
        break;
      }
      case 'aim-all': {
        const matched = paramNames.flatMap((param) => {
          const key = matchingVictimKey(route, param);
          return key ? [[param, key] as const] : [];
        });
        if (matched.length === 0) {
          // No parameter takes a victim id: A's user id goes where the first parameter (or an extra segment) is.
          place(encodeText(String(resolve(new VictimRef('userId'), victim, aim, false)), 'percent'), 'victim userId');
          break;
        }
        for (const [param, key] of matched) {
          params[param] = encodeText(String(resolve(new VictimRef(key), victim, aim, false)), 'percent');
        }
        mutations.push(
          `path ${matched.map(([param]) => `:${param}`).join(', ')} = victim ${matched.map(([, key]) => key).join(', ')}`,
        );
        break;
      }
      case 'traversal':
        traversal = mutation.text;
        mutations.push(`path traversal ${mutation.text}`);
        break;
      case 'suffix':
        pathSuffix = mutation.text;
        mutations.push(`path suffix ${JSON.stringify(mutation.text)}`);
        break;
      case 'case':
        upper = true;
        mutations.push('path upper-cased');
        break;
      case 'spelling':
        spelling = pick(SPELLINGS, mutation.index) ?? null;
        if (spelling) mutations.push(`path spelled with ${spelling.label}`);
        break;
      case 'long':
        pathSuffix = `/${'a'.repeat(mutation.length)}`;
        mutations.push(`path + ${mutation.length} characters`);
        break;
    }
  }
  let path = route.path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '');
  if (extraSegment !== null) path += `/${extraSegment}`;
  if (traversal !== null) {
    const cut = path.lastIndexOf('/');
    path = `${path.slice(0, cut + 1)}${traversal}${path.slice(cut + 1)}`;
  }
  path += pathSuffix;
  if (spelling) path = spelling.apply(path);
  if (upper) path = path.toUpperCase();

  // Query.
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(route.query?.(ctx) ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) pairs.push([key, encodeText(item, 'percent')]);
  }
  let rawQuery = '';
  if (choice.query) {
    const mode = choice.query.encoding;
    const keys = [...new Set(pairs.map(([key]) => key))];
    const enc = (value: unknown) => encodeText(asText(resolve(value, victim, aim, false)), mode);
    for (const mutation of choice.query.mutations) {
      const key = pick(keys, 'pick' in mutation ? mutation.pick : 0) ?? 'q';
      switch (mutation.op) {
        case 'typed': {
          const template = route.query?.(ctx)[key];
          const current = Array.isArray(template) ? template[0] : template;
          const variants = typedVariants(key, current ?? '');
          const value = pick(variants, mutation.index);
          for (let i = pairs.length - 1; i >= 0; i -= 1) if (pairs[i]![0] === key) pairs.splice(i, 1);
          pairs.push([key, enc(value)]);
          mutations.push(`query ${key} = ${describeValue(value)} (${mode})`);
          break;
        }
        case 'set':
          for (let i = pairs.length - 1; i >= 0; i -= 1) if (pairs[i]![0] === key) pairs.splice(i, 1);
          pairs.push([key, enc(mutation.value)]);
          mutations.push(`query ${key} = ${describeValue(mutation.value)} (${mode})`);
          break;
        case 'edge': {
          const schema = schemaAt(route.querySchema as never, [key]);
          const edges = edgeValues(schema);
          const value = pick(edges.length > 0 ? edges : [''], mutation.index);
          for (let i = pairs.length - 1; i >= 0; i -= 1) if (pairs[i]![0] === key) pairs.splice(i, 1);
          if (value !== undefined) pairs.push([key, enc(Array.isArray(value) ? (value[0] ?? '') : value)]);
          mutations.push(`query ${key} edge ${describeValue(value)}`);
          break;
        }
        case 'aim':
          for (let i = pairs.length - 1; i >= 0; i -= 1) if (pairs[i]![0] === mutation.name) pairs.splice(i, 1);
          pairs.push([mutation.name, enc(new VictimRef(mutation.key))]);
          mutations.push(`query ${mutation.name} = victim ${mutation.key}`);
          break;
        case 'repeat':
          for (const value of mutation.values) pairs.push([key, enc(value)]);
          mutations.push(
            `query ${key} repeated ${mutation.values.length}× (${mutation.values.map((v) => describeValue(v)).join(', ')})`,
          );
          break;
        case 'drop':
          for (let i = pairs.length - 1; i >= 0; i -= 1) if (pairs[i]![0] === key) pairs.splice(i, 1);
          mutations.push(`query ${key} dropped`);
          break;
        case 'add':
          pairs.push([encodeText(mutation.key, mode), enc(mutation.value)]);
          mutations.push(`query + ${JSON.stringify(shorten(mutation.key, 40))} = ${describeValue(mutation.value)}`);
          break;
        case 'raw':
          rawQuery += `${rawQuery || pairs.length > 0 ? '&' : ''}${mutation.text}`;
          mutations.push(`query raw ${JSON.stringify(mutation.text)}`);
          break;
        case 'long':
          pairs.push(['q', 'a'.repeat(mutation.length)]);
          mutations.push(`query q of ${mutation.length} characters`);
          break;
      }
    }
  }
  const query = [pairs.map(([key, value]) => `${key}=${value}`).join('&'), rawQuery].filter(Boolean).join('&');
  if (query) path += `?${query}`;

  // Body (and, for an upload, its Content-Type).
  const raw = route.rawBody?.(ctx);
  let body: BodyPlan = raw
    ? { kind: 'binary', data: raw.bytes, label: raw.label }
    : route.body
      ? { kind: 'json', value: route.body(ctx) }
      : { kind: 'none' };
  let contentType: string | null = raw ? raw.contentType : 'application/json';
  for (const mutation of choice.body ?? []) {
    const current: unknown = body.kind === 'json' ? body.value : body.kind === 'none' ? {} : null;
    const places = current === null ? [] : placesOf(current);
    switch (mutation.op) {
      case 'typed': {
        const place = pick(places, mutation.pick);
        if (!place || !isContainer(current)) break;
        const variants = typedVariants(String(place[place.length - 1]), getAt(current, place));
        const value = pick(variants, mutation.index);
        if (variants.length === 0) break;
        body = { kind: 'json', value: setAt(clone(current), place, value) };
        mutations.push(`body ${place.join('.')} = ${describeValue(value)}`);
        break;
      }
      case 'set':
      case 'edge':
      case 'aim': {
        if (current === null) break;
        let candidates = places;
        if (mutation.op === 'aim') {
          const idLike = places.filter((place) => ID_LIKE.test(String(place[place.length - 1])));
          candidates = idLike.length > 0 ? idLike : [];
        }
        const place = pick(candidates, mutation.pick);
        let value: unknown;
        let label: string;
        if (mutation.op === 'set') {
          value = mutation.value;
          label = describeValue(value);
        } else if (mutation.op === 'edge') {
          const edges = edgeValues(place ? schemaAt(route.bodySchema, place) : route.bodySchema);
          value = pick(edges.length > 0 ? edges : [null], mutation.index);
          label = `edge ${describeValue(value)}`;
        } else {
          value = new VictimRef(mutation.key);
          label = `victim ${mutation.key}`;
        }
        const target = place ?? (mutation.op === 'aim' ? ['userId'] : null);
        if (!target || !isContainer(current)) break;
        const next: unknown =
          value === undefined ? dropAt(clone(current), target) : setAt(clone(current), target, value);
        body = next === undefined ? { kind: 'none' } : { kind: 'json', value: next };
        mutations.push(`body ${target.join('.') || '(root)'} = ${label}`);
        break;
      }
      case 'drop': {
        const place = pick(places, mutation.pick);
        if (!place || current === null) break;
        body = { kind: 'json', value: dropAt(clone(current), place) };
        mutations.push(`body ${place.join('.')} removed`);
        break;
      }
      case 'add': {
        if (!isContainer(current)) break;
        const objects = objectsOf(current);
        const place = pick(objects, mutation.pick) ?? [];
        body = { kind: 'json', value: setAt(clone(current), [...place, mutation.key], mutation.value) };
        mutations.push(
          `body + ${[...place, JSON.stringify(shorten(mutation.key, 40))].join('.')} = ${describeValue(mutation.value)}`,
        );
        break;
      }
      case 'whole-text':
        body = { kind: 'text', text: mutation.text };
        mutations.push(`body text ${JSON.stringify(shorten(mutation.text, 80))}`);
        break;
      case 'whole-value':
        body = { kind: 'json', value: mutation.value };
        mutations.push(`body = ${describeValue(mutation.value)}`);
        break;
      case 'huge':
        body = { kind: 'huge', bytes: mutation.bytes, style: mutation.style };
        mutations.push(`body of ${mutation.bytes} bytes (${mutation.style})`);
        break;
      case 'absent':
        body = { kind: 'none' };
        mutations.push('no body');
        break;
      case 'truncate': {
        if (body.kind !== 'binary' || body.data.length === 0) break;
        const keep: number = mutation.keep % body.data.length;
        body = { kind: 'binary', data: body.data.slice(0, keep), label: `${body.label}, first ${keep} bytes` };
        mutations.push(`body cut to its first ${keep} bytes`);
        break;
      }
      case 'overwrite': {
        if (body.kind !== 'binary' || body.data.length === 0) break;
        const at: number = mutation.at % body.data.length;
        const data: Uint8Array = body.data.slice();
        data.set(mutation.bytes.slice(0, data.length - at), at);
        body = { kind: 'binary', data, label: `${body.label}, bytes overwritten at ${at}` };
        mutations.push(`body bytes ${at}.. = ${hex(mutation.bytes)}`);
        break;
      }
      case 'random-bytes': {
        const magic = IMAGE_MAGIC[mutation.magic % IMAGE_MAGIC.length]!;
        const data = new Uint8Array([...magic.bytes, ...mutation.bytes]);
        body = { kind: 'binary', data, label: `${magic.label} magic number and ${mutation.bytes.length} random bytes` };
        mutations.push(`body = ${body.label}`);
        break;
      }
      case 'sample': {
        const sample = IMAGE_SAMPLES[mutation.index % IMAGE_SAMPLES.length]!;
        body = { kind: 'binary', data: sample.bytes, label: sample.label };
        contentType = sample.contentType;
        mutations.push(`body = ${sample.label} (${sample.contentType})`);
        break;
      }
      case 'append': {
        if (body.kind !== 'binary') break;
        const data: Uint8Array = new Uint8Array([...body.data, ...Buffer.from(mutation.text, 'utf8')]);
        body = { kind: 'binary', data, label: `${body.label} and text` };
        mutations.push(`body + text ${JSON.stringify(shorten(mutation.text, 60))}`);
        break;
      }
      case 'content-type':
        contentType = mutation.value;
        mutations.push(mutation.value === null ? 'no Content-Type' : `Content-Type ${JSON.stringify(mutation.value)}`);
        break;
    }
  }
  if (body.kind === 'json') body = { kind: 'json', value: resolve(body.value, victim, aim, true) };

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
    path,
    headers,
    cookie: choice.cookie,
    body,
    streamed: choice.streamed,
    address: choice.address,
    mutations,
    aimsAtVictim,
  };
}

/** Bytes as hex, the first 16 of them (for reproductions). */
export function hex(bytes: Uint8Array): string {
  const shown = [...bytes.slice(0, 16)].map((byte) => byte.toString(16).padStart(2, '0')).join(' ');
  return bytes.length > 16 ? `${shown} … (${bytes.length} bytes)` : shown;
}

/** The body of a plan as sent: its text (see {@link bodyText}), or an upload's bytes. */
export function bodyPayload(
  plan: RequestPlan,
  route: RouteSpec | undefined,
  ctx: FuzzContext,
): string | Uint8Array<ArrayBuffer> | undefined {
  return plan.body.kind === 'binary' ? new Uint8Array(plan.body.data) : bodyText(plan, route, ctx);
}

/**
 * The body text of a plan (huge bodies are generated here, at send time); an upload's bytes as Latin-1 text (one
 * character a byte: send them with {@link bodyPayload}).
 */
export function bodyText(plan: RequestPlan, route: RouteSpec | undefined, ctx: FuzzContext): string | undefined {
  const body = plan.body;
  switch (body.kind) {
    case 'none':
      return undefined;
    case 'binary':
      return Buffer.from(body.data).toString('latin1');
    case 'json':
      return toJsonText(body.value);
    case 'text':
      return body.text;
    case 'huge':
      switch (body.style) {
        case 'json-string':
          return `{"message":"${'a'.repeat(body.bytes)}","email":"fuzz@example.test"}`;
        case 'junk':
          return 'x'.repeat(body.bytes);
        case 'padded-json':
          return `${toJsonText(route?.body?.(ctx) ?? {})}${' '.repeat(body.bytes)}`;
        case 'number-array':
          return `[${'1,'.repeat(Math.floor(body.bytes / 2))}1]`;
      }
  }
}

/** A header value as it can travel: UTF-8 bytes read as Latin-1 (what a server sees), without NUL, CR or LF. */
export function wireHeaderValue(value: string): string {
  return Buffer.from(value, 'utf8')
    .toString('latin1')
    .replace(/[\0\r\n]/g, ' ')
    .trim();
}
