import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { z } from 'zod';
import { apiErrorBodySchema } from '@/shared/schemas/api-error';
import { shorten } from './values';

/**
 * What the fuzz suite counts as a failure in one answer: a 5xx, a stack trace or SQL text in the body, an error body that is
 * not the API's shape, or a secret (the victim's data, the server's own secrets) that the request did not carry itself.
 */

/** The kinds of failure the suite reports. */
export type FindingKind =
  | 'server-error'
  | 'stack-trace'
  | 'sql-text'
  | 'error-shape'
  | 'secret-leak'
  | 'victim-read'
  | 'victim-write'
  | 'victim-session'
  | 'served'
  | 'crash'
  | 'timeout'
  | 'unhealthy';

/** One failure found in an answer (or in the victim's data after it). */
export interface Finding {
  kind: FindingKind;
  detail: string;
  /**
   * What makes two findings of a kind the same failure, when it is not the route (the default): error-shape findings are
   * one failure per family, status and problem, whichever route the request aimed at.
   */
  scope?: string;
}

/** A value that must never appear in an answer unless the request carried it. */
export interface Secret {
  label: string;
  value: string;
  /** `victim`: user A's data (a cross-user read); `server`: a secret of the server's. */
  owner: 'victim' | 'server';
  /**
   * Values that entitle a request to this secret: when the request carries one of them, the secret may be in the answer
   * (whoever holds the invitation link of A's venue sees the venue's name, by design).
   */
  shownWith?: readonly string[];
  /**
   * Paths whose answers may hold this secret, because it is public there (A's venue's name and A's menu on A's public
   * menu, `/api/menus/<A's slug>`): compared as the server reads them (percent-decoded, each segment trimmed, lower case,
   * no trailing slash), so any spelling of the same address counts.
   */
  publicAt?: readonly string[];
}

/** A path as the venue routes read it: percent-decoded, each segment trimmed and lower-cased, no trailing slash. */
export function normalizedPath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Not valid percent-encoding: compared as it is.
  }
  return decoded
    .split('/')
    .map((segment) => segment.trim().toLowerCase())
    .join('/')
    .replace(/(.)\/$/, '$1');
}

/** An answer as the detectors read it. */
export interface AnswerFacts {
  method: string;
  /** The path the server saw (the URL's pathname after parsing, percent-escapes kept). */
  pathname: string;
  status: number;
  /** The body as text (decompressed); empty for HEAD. */
  body: string;
}

/** Stack-trace fragments: V8 frames with a file location, TypeScript/JavaScript source positions, Node internals. */
export const STACK_PATTERNS: readonly RegExp[] = [
  /\bat (?:async )?[^\s()]+(?: \[as [^\]]+\])? \([^()\n]*:\d+:\d+\)/,
  /\bat (?:async )?(?:file:\/\/)?\/[^\s()]+:\d+:\d+/,
  /[\w/-]\.(?:ts|tsx|mts|cts):\d/,
  /[\w/-]\.(?:js|mjs|cjs):\d+:\d+/,
  /node:internal/,
  /node_modules[\\/]/,
];

/** SQL and database-driver text: statements, SQLite result codes, PostgreSQL error wording. */
export const SQL_PATTERNS: readonly RegExp[] = [
  /\bselect\s/i,
  /\binsert into\b/i,
  /\bdelete from\b/i,
  /\bupdate "?\w+"? set\b/i,
  /\bsyntax error\b/i,
  /SQLITE_/,
  /\brelation "/i,
  /\bviolates\b/i,
  /\bno such (?:table|column)\b/i,
  /\bcolumn "[^"]*" (?:of relation|does not exist)/i,
  /invalid input syntax for/i,
  /invalid byte sequence for encoding/i,
  /unsupported Unicode escape sequence/i,
  /date\/time field value out of range/i,
  /\bduplicate key value\b/i,
  /\bUNIQUE constraint failed\b/,
];

/** better-auth's own error body: `{code, message}`. */
const betterAuthErrorSchema = z.object({ code: z.string(), message: z.string() });

/** Most strings collected from one JSON value (a 100k-item array is sampled, not copied). */
const MAX_STRINGS = 2_000;

/** The strings inside a JSON value (keys and values, at most 50 deep and {@link MAX_STRINGS}), for decoded text. */
function stringsIn(value: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 50 || out.length >= MAX_STRINGS) return out;
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value.slice(0, MAX_STRINGS)) stringsIn(item, out, depth + 1);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value).slice(0, MAX_STRINGS)) {
      out.push(key);
      stringsIn(item, out, depth + 1);
    }
  }
  return out;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * Everything a request said, as text to look echoes up in: the path and query (raw and decoded), header values, the body
 * (raw and its decoded JSON strings). Lower case.
 */
export function requestTextOf(request: { path: string; headers: Record<string, string>; body?: string }): string {
  const parts = [request.path, safeDecode(request.path), ...Object.values(request.headers)];
  if (request.body !== undefined && request.body.length <= 2_000_000) {
    parts.push(request.body);
    for (const text of stringsIn(parseJson(request.body))) parts.push(text);
  }
  return parts.join('\n').toLowerCase();
}

/** The texts of an answer to search: the body and, when it is JSON, its decoded strings. */
function answerTexts(body: string): string[] {
  return stringsIn(parseJson(body), [body]);
}

/** The first match of `patterns` in `texts` that the request did not carry itself (an echo of our own input is fine). */
function firstUnechoed(patterns: readonly RegExp[], texts: string[], requestText: string): string | null {
  for (const text of texts) {
    for (const pattern of patterns) {
      const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
      for (const match of text.matchAll(global)) {
        if (requestText.includes(match[0].toLowerCase())) continue;
        const at = match.index ?? 0;
        return shorten(text.slice(Math.max(0, at - 40), at + match[0].length + 60), 160);
      }
    }
  }
  return null;
}

/**
 * A path as the server's router reads it: percent-escapes decoded, except those of reserved characters such as `%2F`
 * (decodeURI, as Hono does), so `/api/%61uth/x` is under /api/auth.
 */
export function routedPath(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/** True for a path the server routes under /api (the API's error shape applies). */
export function isApiPath(pathname: string): boolean {
  const path = routedPath(pathname);
  return path === '/api' || path.startsWith('/api/');
}

/** True for a path the server routes under /api/auth (better-auth's own error shape is accepted too). */
export function isAuthPath(pathname: string): boolean {
  const path = routedPath(pathname);
  return path === '/api/auth' || path.startsWith('/api/auth/');
}

/**
 * Why an error answer's body is not the API's error shape, or null when it is (or when the rule does not apply: success
 * answers, HEAD, paths outside /api). Under /api/auth, better-auth's `{code, message}` is accepted as well.
 */
export function errorShapeProblem(answer: AnswerFacts): string | null {
  if (answer.status < 400 || answer.method === 'HEAD' || !isApiPath(answer.pathname)) return null;
  const parsed = parseJson(answer.body);
  if (parsed === undefined) {
    return answer.body === '' ? 'empty body' : `body is not JSON: ${JSON.stringify(shorten(answer.body, 80))}`;
  }
  if (apiErrorBodySchema.safeParse(parsed).success) return null;
  if (isAuthPath(answer.pathname) && betterAuthErrorSchema.safeParse(parsed).success) return null;
  return `body ${JSON.stringify(shorten(answer.body, 120))} is not {"error":{"code","message"}}${
    isAuthPath(answer.pathname) ? ' nor {"code","message"}' : ''
  }`;
}

/**
 * Why an answer to a path the server must not serve (RouteSpec.notServed: better-auth's organization endpoints) shows
 * that a handler took the request, or null when it did not: 404, or a 4xx in the API's own error shape (the server's
 * middleware refusing the request before any route: NUL in the text, a body too large, rate-limited; better-auth answers
 * in its own `{code, message}`), or 503 when the database was taken away on purpose.
 */
export function servedProblem(answer: AnswerFacts, databaseAway = false): string | null {
  if (answer.status === 404 || (databaseAway && answer.status === 503)) return null;
  if (answer.status >= 400 && answer.status < 500 && apiErrorBodySchema.safeParse(parseJson(answer.body)).success) {
    return null;
  }
  return `${answer.method} ${shorten(answer.pathname, 100)} answered ${answer.status} (${JSON.stringify(shorten(answer.body, 80))}), not 404: a path the server must not serve reached a handler`;
}

/**
 * Everything wrong with one answer. `requestText` (from {@link requestTextOf}) keeps echoes of the request from counting;
 * `secrets` are looked for in the body (victim secrets skipped when `victimReadAllowed`, e.g. the loopback-only dev mailbox,
 * and those in `planted`); with `databaseAway`, 503 is not a failure.
 */
export function inspectAnswer(
  answer: AnswerFacts,
  options: {
    requestText: string;
    secrets: readonly Secret[];
    victimReadAllowed?: boolean;
    /** The database was taken away on purpose: 503 is the right answer. */
    databaseAway?: boolean;
    /**
     * Victim values (lower case) that attackers wrote into data this caller may see, as any user may (A's email invited
     * to B-enterprise's venue, A's user id as a venue's name): finding one again is an echo of an earlier request, not a
     * leak. See plantsSeenBy in campaign.ts.
     */
    planted?: ReadonlySet<string>;
  },
): Finding[] {
  const findings: Finding[] = [];
  if (answer.status >= 500 && !(options.databaseAway && answer.status === 503)) {
    findings.push({ kind: 'server-error', detail: `${answer.status}: ${JSON.stringify(shorten(answer.body, 160))}` });
  }
  const texts = answerTexts(answer.body);
  const stack = firstUnechoed(STACK_PATTERNS, texts, options.requestText);
  if (stack) findings.push({ kind: 'stack-trace', detail: stack });
  const sqlText = firstUnechoed(SQL_PATTERNS, texts, options.requestText);
  if (sqlText) findings.push({ kind: 'sql-text', detail: sqlText });
  // A 5xx is reported once, as server-error, whatever its body.
  const shape = answer.status >= 500 ? null : errorShapeProblem(answer);
  if (shape) {
    const problem =
      shape === 'empty body' ? 'empty body' : shape.startsWith('body is not JSON') ? 'not JSON' : 'other shape';
    const family = isAuthPath(answer.pathname) ? '/api/auth/*' : '/api/*';
    findings.push({
      kind: 'error-shape',
      detail: `${answer.method} ${shorten(answer.pathname, 80)} -> ${answer.status}: ${shape}`,
      scope: `${family} (${problem})`,
    });
  }
  for (const secret of options.secrets) {
    if (secret.value === '' || (secret.owner === 'victim' && options.victimReadAllowed)) continue;
    const value = secret.value.toLowerCase();
    if (options.requestText.includes(value)) continue;
    if (secret.shownWith?.some((key) => key !== '' && options.requestText.includes(key.toLowerCase()))) continue;
    if (secret.publicAt?.some((path) => normalizedPath(path) === normalizedPath(answer.pathname))) continue;
    if (secret.owner === 'victim' && options.planted?.has(value)) continue;
    if (texts.some((text) => text.toLowerCase().includes(value))) {
      findings.push({
        kind: secret.owner === 'victim' ? 'victim-read' : 'secret-leak',
        detail: `the answer holds ${secret.label}`,
      });
    }
  }
  return findings;
}

/** The body of a response as text, decompressed when the server compressed it (HEAD and empty bodies give ''). */
export async function readBody(response: Response): Promise<string> {
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length === 0) return '';
  const encoding = (response.headers.get('content-encoding') ?? '').trim().toLowerCase();
  try {
    if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(bytes).toString('utf8');
    if (encoding === 'deflate') return inflateSync(bytes).toString('utf8');
    if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  } catch {
    return bytes.toString('latin1');
  }
  return bytes.toString('utf8');
}
