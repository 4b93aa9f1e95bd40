import fc from 'fast-check';
import { VICTIM_KEYS } from '../routes/types';
import { CURATED_STRINGS, EXTRA_KEYS, hostileString, nastyString } from '../values';
import { textValue } from './field-values';
import type { PathMutation, QueryMutation } from './types';

/** The arbitraries of query-string and path mutations, and the other spellings of a path. */

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

/** Mutations of the query string: typed variants, values, edges, the victim's ids, repeats, odd raw text, length. */
export const queryMutation: fc.Arbitrary<QueryMutation> = fc.oneof(
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

/** Mutations of the path: its parameters, traversals, suffixes, case, other spellings, length. */
export const pathMutation: fc.Arbitrary<PathMutation> = fc.oneof(
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
