import { type VictimKey } from '../routes/types';

/** The shapes a request plan is made of: who sends it, its body, the mutations drawn, and the plan itself. */

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
 * A request body: none, a JSON value (possibly with Special parts, see values.ts), text as it is, a huge generated text, or raw
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

/** A place in a JSON value: object keys and array indexes, from the root. */
export type Path = (string | number)[];

/** Methods whose requests carry no body (a plan sent with one of them drops its body). */
export const SAFE_METHODS = new Set(['GET', 'HEAD']);

// --- Mutation descriptors (plain data, so fast-check can shrink them).

/** A change to the valid request's body: one field (by `pick`, modulo the places), the whole body, or an upload's bytes. */
export type BodyMutation =
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

/** A change to the valid request's query string (a parameter by `pick`, modulo the parameters). */
export type QueryMutation =
  | { op: 'typed'; pick: number; index: number }
  | { op: 'set'; pick: number; value: unknown }
  | { op: 'edge'; pick: number; index: number }
  | { op: 'aim'; name: string; key: VictimKey }
  | { op: 'repeat'; pick: number; values: unknown[] }
  | { op: 'drop'; pick: number }
  | { op: 'add'; key: string; value: unknown }
  | { op: 'raw'; text: string }
  | { op: 'long'; length: number };

/** A change to the valid request's path (a parameter by `pick`, modulo the parameters). */
export type PathMutation =
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

/** A header set (a victim reference is filled in when the plan is built) or, with a null value, removed. */
export type HeaderMutation = { name: string; value: string | VictimRef | null; prefix?: string };

/** The random choices a plan is built from (see planArbitrary in plan.ts). */
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

/** How query and path text is written: percent-encoded UTF-8, raw (for the URL parser), or WTF-8 (lone surrogates kept). */
export type Encoding = 'percent' | 'raw' | 'wtf8';
