import fc from 'fast-check';
import { SESSION_COOKIE } from '../../tests/support/auth';
import {
  inspectAnswer,
  isApiPath,
  isAuthPath,
  normalizedPath,
  readBody,
  requestTextOf,
  servedProblem,
  type Finding,
  type FindingKind,
} from './detectors';
import { buildPlan, planArbitrary } from './plan';
import { bodyPayload, wireHeaderValue } from './plan/payload';
import { sweepChoices } from './plan/sweep';
import type { RequestPlan } from './plan/types';
import { activeRoutes } from './routes';
import type { RouteSpec } from './routes/types';
import { createWorld } from './world';
import { keepActorsSignedIn } from './world/attackers';
import { changedParts, victimRows, victimView } from './world/snapshots';
import type { Actor, World } from './world/types';
import type { Dialect } from '@/server/db/database';

/**
 * One fuzz campaign on one database: build the world, send `count` generated requests one after the other (each from its
 * own seed, so any request can be drawn again), check every answer and the victim's rows after it, shrink each distinct
 * failure to a minimal reproduction with fast-check, and check the server's health at the end.
 */

/** What a campaign is asked to do. */
export interface CampaignOptions {
  dialect: Dialect;
  seed: number;
  count: number;
  /** Only routes whose id contains this text. */
  routeFilter?: string | null;
  /** Shrink failures to minimal reproductions (default true). */
  shrink?: boolean;
  /** Time budget per failure to shrink, ms. */
  shrinkBudgetMs?: number;
  /** Longest wait for one answer, ms. */
  timeoutMs?: number;
  /** Progress lines (every 1,000 requests). */
  progress?: (line: string) => void;
  /**
   * Requests to send after the main run with the database taken away (closed): 503 is then the right answer, and any
   * other 5xx, stack trace, SQL text or error body of the wrong shape is a failure. Default 0 (no outage).
   */
  outage?: number;
  /** Changes the world before the run (the tests plant defects through it). */
  instrument?: (world: World) => void;
}

/** A request as it was sent, with the cookie header resolved, for reports. */
export interface SentRequest {
  /** Its number in the run. */
  index: number;
  /** The random draw it came from (its seed is `requestSeed(seed, draw)`), or null for a systematic one. */
  draw: number | null;
  plan: RequestPlan;
  /** The Cookie header sent, described (tokens differ per run). */
  cookieNote: string;
  status: number;
  ms: number;
}

/** All the occurrences of one distinct failure: same kind, same route, same status. */
export interface FailureGroup {
  key: string;
  kind: FindingKind;
  route: string;
  status: number;
  count: number;
  detail: string;
  first: SentRequest;
  /** The shrunk reproduction, when shrinking found one smaller than the first occurrence. */
  minimal: SentRequest | null;
  minimalDetail: string | null;
}

/** The figures of one campaign. */
export interface CampaignReport {
  dialect: Dialect;
  seed: number;
  requests: number;
  /** How many of the requests were systematic (every field × typed variant, see sweepChoices), and how many were left. */
  systematic: number;
  systematicTotal: number;
  statusHistogram: Record<string, number>;
  serverErrors: number;
  rateLimited: number;
  crossUserAttempts: number;
  /** Findings of kind victim-write, victim-read and victim-session (answers and rows). */
  crossUserLeaks: number;
  failures: FailureGroup[];
  routeCounts: Record<string, number>;
  /** Routes that took a body of 1 MB or more without answering 413, with the statuses they gave. */
  oversizeAccepted: Record<string, Record<string, number>>;
  actorRenewals: number;
  /** Requests sent with the database away (see CampaignOptions.outage), and their status codes. */
  outageRequests: number;
  outageHistogram: Record<string, number>;
  /** The reads of A's own API view (GET /api/me, favorites, sessions...) that differ after the run from before it. */
  victimViewChanged: string[];
  unsendable: number;
  slowest: { ms: number; route: string; index: number };
  healthAfter: number;
  durationMs: number;
}

/** The seed of request `index` of a run with `seed` (a 32-bit mix of both). */
export function requestSeed(seed: number, index: number): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  h = Math.imul(h ^ (index + 0x7f4a7c15), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) | 0;
}

/** Route of request `index`: each route once first, then drawn by weight (deterministic in seed and index). */
export function routeFor(routes: readonly RouteSpec[], seed: number, index: number): RouteSpec {
  if (index < routes.length) return routes[index]!;
  const total = routes.reduce((sum, route) => sum + (route.weight ?? 1), 0);
  let point = ((requestSeed(seed + 1, index) >>> 0) / 2 ** 32) * total;
  for (const route of routes) {
    point -= route.weight ?? 1;
    if (point < 0) return route;
  }
  return routes[routes.length - 1]!;
}

/** The socket address of systematic request `n` (distinct, so rate limits rarely get in the way). */
function sweepAddress(n: number): string {
  return `198.18.${(n >> 8) & 255}.${n & 255}`;
}

/** Request plan number `index` of `route` (the same seed gives the same plan). */
export function drawPlan(route: RouteSpec, world: World, seed: number, index: number): RequestPlan {
  return fc.sample(planArbitrary(route, world.ctx), { seed: requestSeed(seed, index), numRuns: 1 })[0]!;
}

/** How reproductions name the signed-in attackers. */
const ACTOR_NAMES: Record<Actor['label'], string> = { member: 'B', pro: 'Bpro', enterprise: 'Benterprise' };

function signatureOf(value: string): string {
  return decodeURIComponent(value).split('.').slice(1).join('.');
}

/** The Cookie header of a plan (the caller's own cookies mixed with what the plan says) and a note describing it. */
export function cookieFor(world: World, plan: RequestPlan): { header: string | null; note: string } {
  const own = plan.identity === 'anon' ? null : world[plan.identity];
  const ownHeader = own?.jar.header() ?? '';
  const ownNote = own ? `${ACTOR_NAMES[own.label]}'s session` : 'no session';
  const victim = world.victim;
  const join = (...parts: (string | null)[]) => parts.filter((part) => part !== null && part !== '').join('; ');
  const session = (value: string) => `${SESSION_COOKIE}=${value}`;
  if (!plan.cookie) return { header: ownHeader || null, note: ownNote };
  const ownSignature = own ? signatureOf(own.jar.get(SESSION_COOKIE) ?? '') : 'c2lnbmF0dXJl';
  const tampered = victim.signedCookie.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A'));
  const text = plan.cookie.text;
  switch (plan.cookie.mix) {
    case 'victim-raw':
      return { header: session(victim.sessionToken), note: "A's raw session token as the session cookie" };
    case 'victim-raw-after-own':
      return { header: join(ownHeader, session(victim.sessionToken)), note: `${ownNote}, then A's raw token` };
    case 'victim-raw-before-own':
      return { header: join(session(victim.sessionToken), ownHeader), note: `A's raw token, then ${ownNote}` };
    case 'victim-tampered':
      return { header: join(session(tampered)), note: "A's signed cookie with its signature's last character changed" };
    case 'victim-own-signature':
      return {
        header: session(`${victim.sessionToken}.${ownSignature}`),
        note: `A's token with ${own ? "B's" : 'a made-up'} signature`,
      };
    case 'victim-session-id':
      return { header: join(ownHeader, session(victim.sessionId)), note: `${ownNote}, then A's session id as a token` };
    case 'victim-secure-name':
      return {
        header: join(ownHeader, `__Secure-${session(victim.sessionToken)}`),
        note: `${ownNote} and A's raw token under the production cookie name`,
      };
    case 'garbage':
      return {
        header: join(session(wireHeaderValue(text) || 'x')),
        note: `session cookie ${JSON.stringify(text)}`,
      };
    case 'huge':
      return { header: join(ownHeader, `fuzz=${'a'.repeat(8_000)}`), note: `${ownNote} and an 8 kB cookie` };
    case 'empty':
      return { header: `${SESSION_COOKIE}=`, note: 'an empty session cookie' };
    case 'victim-two-factor':
      return {
        header: join(ownHeader, `barback.two_factor=2fa-${victim.userId}.${ownSignature}`),
        note: `${ownNote} and a forged two-factor cookie naming A`,
      };
    case 'victim-cache': {
      const forged = Buffer.from(
        JSON.stringify({
          session: { session: { userId: victim.userId }, user: { id: victim.userId } },
          expiresAt: 9e15,
        }),
      ).toString('base64url');
      return {
        header: join(ownHeader, `barback.session_data=${forged}`),
        note: `${ownNote} and a forged session-cache cookie naming A`,
      };
    }
  }
}

/** The result of sending one plan. */
export interface Exchange {
  status: number;
  body: string;
  headers: Headers;
  ms: number;
  requestText: string;
  cookieNote: string;
  findings: Finding[];
}

const UNSENDABLE = -1;

/** Sends `plan` to the app in-process and inspects the answer. */
export async function exchange(
  world: World,
  route: RouteSpec,
  plan: RequestPlan,
  timeoutMs: number,
  databaseAway = false,
): Promise<Exchange> {
  const headers = new Headers();
  const sentHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(plan.headers)) {
    const wire = wireHeaderValue(value);
    headers.set(name, wire);
    sentHeaders[name] = wire;
  }
  const cookie = cookieFor(world, plan);
  if (cookie.header) headers.set('cookie', wireHeaderValue(cookie.header));
  const body = bodyPayload(plan, route, world.ctx);
  if (body !== undefined && !plan.streamed) headers.set('content-length', String(Buffer.byteLength(body)));
  // An upload's bytes are not text the answer could echo.
  const requestText = requestTextOf({
    path: plan.path,
    headers: sentHeaders,
    body: typeof body === 'string' ? body : undefined,
  });
  const init: RequestInit = { method: plan.method, headers, body };
  try {
    // A request no HTTP client could send (say, a method fetch refuses) is skipped, not blamed on the server.
    new Request(new URL(plan.path, 'http://localhost'), init);
  } catch {
    return {
      status: UNSENDABLE,
      body: '',
      headers: new Headers(),
      ms: 0,
      requestText,
      cookieNote: cookie.note,
      findings: [],
    };
  }
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const response = await Promise.race([
      world.t.request(plan.path, init, { address: plan.address }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TimeoutError()), timeoutMs);
      }),
    ]);
    const text = plan.method === 'HEAD' ? '' : await readBody(response);
    const ms = performance.now() - started;
    const pathname = new URL(plan.path, 'http://localhost').pathname;
    const findings = inspectAnswer(
      { method: plan.method, pathname, status: response.status, body: text },
      {
        requestText,
        secrets: world.secrets,
        victimReadAllowed: pathname === '/api/dev/mailbox',
        databaseAway,
        planted: databaseAway ? undefined : await plantsSeenBy(world, plan, requestText),
      },
    );
    const served = route.notServed
      ? servedProblem({ method: plan.method, pathname, status: response.status, body: text }, databaseAway)
      : null;
    if (served) findings.push({ kind: 'served', detail: served });
    if (!databaseAway) recordPlants(world, plan, response.status, requestText);
    if (!databaseAway) findings.push(...(await sessionFindings(world, response.headers)));
    // A request that no longer reaches its route (other method, extra segment...) fails as "that area, no such route".
    if (!reachesRoute(route, plan.method, pathname)) {
      for (const finding of findings) finding.scope ??= `${areaOf(pathname)} (no such route)`;
    }
    return {
      status: response.status,
      body: text,
      headers: response.headers,
      ms,
      requestText,
      cookieNote: cookie.note,
      findings,
    };
  } catch (error) {
    const ms = performance.now() - started;
    if (error instanceof TimeoutError) {
      return {
        status: 0,
        body: '',
        headers: new Headers(),
        ms,
        requestText,
        cookieNote: cookie.note,
        findings: [{ kind: 'timeout', detail: `no answer within ${timeoutMs} ms` }],
      };
    }
    return {
      status: 0,
      body: '',
      headers: new Headers(),
      ms,
      requestText,
      cookieNote: cookie.note,
      findings: [
        { kind: 'crash', detail: `the app threw: ${(error as Error).stack?.split('\n').slice(0, 3).join(' | ')}` },
      ],
    };
  } finally {
    clearTimeout(timer);
  }
}

class TimeoutError extends Error {}

/**
 * Notes the victim values a successful write by a signed-in attacker carried (A's email as the address B-enterprise
 * invites, A's user id as the name of a venue): the attacker may have stored them in data of its own, which later answers
 * may show without any leak.
 */
function recordPlants(world: World, plan: RequestPlan, status: number, requestText: string): void {
  if (plan.identity === 'anon' || plan.method === 'GET' || plan.method === 'HEAD' || status < 200 || status >= 400) {
    return;
  }
  const values = world.secrets
    .filter((secret) => secret.owner === 'victim' && secret.value !== '')
    .map((secret) => secret.value.toLowerCase())
    .filter((value) => requestText.includes(value));
  if (values.length === 0) return;
  const userId = world[plan.identity].userId;
  const planted = world.planted.get(userId) ?? new Set<string>();
  for (const value of values) planted.add(value);
  world.planted.set(userId, planted);
}

/**
 * The victim values attackers planted (see {@link recordPlants}) in data the caller of `plan` may see: its own; that of
 * the members of every venue it belongs to or is invited to (a venue's owner sees its members' names and emails, members
 * and invitees see the venue); B-enterprise's, when the request carries one of the invitation ids of B-enterprise's
 * venue (whoever holds the link sees the venue's name and who invited); and, on a public menu (`/api/menus/:slug`,
 * anyone), that of the members of the venue it names (its name and menu are theirs to write).
 */
async function plantsSeenBy(world: World, plan: RequestPlan, requestText: string): Promise<Set<string>> {
  const seen = new Set<string>();
  if (world.planted.size === 0) return seen;
  const users = new Set<string>();
  const db = world.t.database.db;
  const menu = /^\/api\/menus\/([^/]+)\/?$/.exec(normalizedPath(new URL(plan.path, 'http://localhost').pathname));
  // A slug holding a NUL names no venue (the server refuses it before any query); PostgreSQL would refuse the query.
  if (menu && !menu[1]!.includes('\u0000') && !/%00/i.test(menu[1]!)) {
    const members = await db
      .selectFrom('member')
      .innerJoin('organization', 'organization.id', 'member.organizationId')
      .select('member.userId')
      .where('organization.slug', '=', menu[1]!)
      .execute();
    for (const row of members) users.add(row.userId);
  }
  const own = plan.identity === 'anon' ? null : world[plan.identity];
  if (own) {
    users.add(own.userId);
    const mates = await db
      .selectFrom('member')
      .select('userId')
      .where((eb) =>
        eb.or([
          eb('organizationId', 'in', eb.selectFrom('member').select('organizationId').where('userId', '=', own.userId)),
          eb(
            'organizationId',
            'in',
            eb.selectFrom('invitation').select('organizationId').where('email', '=', own.email.toLowerCase()),
          ),
        ]),
      )
      .execute();
    for (const row of mates) users.add(row.userId);
  }
  const { invitationId, spareInvitationId } = world.ctx.ownVenue;
  if ([invitationId, spareInvitationId].some((id) => requestText.includes(id.toLowerCase()))) {
    users.add(world.enterprise.userId);
  }
  for (const userId of users) for (const value of world.planted.get(userId) ?? []) seen.add(value);
  return seen;
}

/** Whether a request with `method` to `pathname` is one the route's handler answers (path parameters filled in). */
export function reachesRoute(route: RouteSpec, method: string, pathname: string): boolean {
  if (method !== route.method && !(method === 'HEAD' && route.method === 'GET')) return false;
  const pattern = route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+');
  return new RegExp(`^${pattern}$`).test(pathname);
}

/** The part of the site a path is in, for grouping failures of requests that reach no route. */
function areaOf(pathname: string): string {
  if (isAuthPath(pathname)) return '/api/auth/*';
  if (isApiPath(pathname)) return '/api/*';
  return 'non-API paths';
}

/** A session cookie set by the answer must never be one of the victim's sessions. */
async function sessionFindings(world: World, headers: Headers): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const line of headers.getSetCookie()) {
    const match = /^(?:__Secure-)?barback\.session_token=([^;]*)/.exec(line);
    const token = match ? decodeURIComponent(match[1] ?? '').split('.')[0] : '';
    if (!token) continue;
    const row = await world.t.database.db
      .selectFrom('session')
      .select('userId')
      .where('token', '=', token)
      .executeTakeFirst();
    if (row?.userId === world.victim.userId) {
      findings.push({ kind: 'victim-session', detail: "the answer set a session cookie for A's account" });
    }
  }
  return findings;
}

const VICTIM_KINDS = new Set<FindingKind>(['victim-write', 'victim-read', 'victim-session']);
/** Kinds shrunk with fast-check (answer-level, so a replay shows them again). */
const SHRINKABLE = new Set<FindingKind>([
  'server-error',
  'stack-trace',
  'sql-text',
  'error-shape',
  'secret-leak',
  'victim-read',
  'served',
  'crash',
  'timeout',
]);

/** A stand-in request for what the whole run did (a change seen only at the end). */
function wholeRun(index: number, method: string, path: string, status: number): SentRequest {
  return {
    index,
    draw: null,
    plan: {
      route: '(the whole run)',
      identity: 'anon',
      method,
      path,
      headers: {},
      cookie: null,
      body: { kind: 'none' },
      streamed: false,
      address: '',
      mutations: [],
      aimsAtVictim: false,
    },
    cookieNote: '',
    status,
    ms: 0,
  };
}

function groupKey(finding: Finding, route: string, status: number): string {
  return `${finding.kind}|${finding.scope ?? route}|${status}`;
}

async function healthStatus(world: World): Promise<number> {
  try {
    return (await world.t.request('/api/health')).status;
  } catch {
    return 0;
  }
}

/**
 * Runs one campaign (see the module comment) and returns its figures. Never throws for what it finds: failures are in
 * the report. Throws only when the world cannot be built.
 */
export async function runCampaign(options: CampaignOptions): Promise<CampaignReport> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? 15_000;
  const world = await createWorld(options.dialect);
  try {
    options.instrument?.(world);
    const routes = activeRoutes({ wrapperSimulator: world.t.config.wrapperSimulator, filter: options.routeFilter });
    if (routes.length === 0) throw new Error(`no route matches ${JSON.stringify(options.routeFilter)}`);
    const routeById = new Map(routes.map((route) => [route.id, route]));
    const report: CampaignReport = {
      dialect: options.dialect,
      seed: options.seed,
      requests: 0,
      systematic: 0,
      systematicTotal: 0,
      statusHistogram: {},
      serverErrors: 0,
      rateLimited: 0,
      crossUserAttempts: 0,
      crossUserLeaks: 0,
      failures: [],
      routeCounts: {},
      oversizeAccepted: {},
      actorRenewals: 0,
      victimViewChanged: [],
      outageRequests: 0,
      outageHistogram: {},
      unsendable: 0,
      slowest: { ms: 0, route: '', index: -1 },
      healthAfter: 0,
      durationMs: 0,
    };
    const groups = new Map<string, FailureGroup>();
    const record = (finding: Finding, sent: SentRequest) => {
      const key = groupKey(finding, sent.plan.route, sent.status);
      const group = groups.get(key);
      if (group) group.count += 1;
      else {
        groups.set(key, {
          key,
          kind: finding.kind,
          route: finding.scope ?? sent.plan.route,
          status: sent.status,
          count: 1,
          detail: finding.detail,
          first: sent,
          minimal: null,
          minimalDetail: null,
        });
      }
      if (VICTIM_KINDS.has(finding.kind)) report.crossUserLeaks += 1;
    };

    const viewBefore = await victimView(world);
    let rowsBefore = await victimRows(world);
    let rowsText = JSON.stringify(rowsBefore);

    // Odd requests take the next systematic one (every field × typed variant) while they last; the rest are random draws.
    const sweep = routes
      .flatMap((route, position) =>
        sweepChoices(route, world.ctx).map((item, rank) => ({ ...item, position, rank, route })),
      )
      .sort((a, b) => a.order - b.order || a.position - b.position || a.rank - b.rank);
    report.systematicTotal = sweep.length;
    let swept = 0;
    let draws = 0;
    for (let index = 0; index < options.count; index += 1) {
      let route: RouteSpec;
      let plan: RequestPlan;
      let draw: number | null = null;
      if (index % 2 === 1 && swept < sweep.length) {
        const item = sweep[swept]!;
        route = item.route;
        plan = buildPlan(route, world.ctx, { ...item.choice, address: sweepAddress(swept) });
        swept += 1;
      } else {
        draw = draws;
        draws += 1;
        route = routeFor(routes, options.seed, draw);
        plan = drawPlan(route, world, options.seed, draw);
      }
      const result = await exchange(world, route, plan, timeoutMs);
      if (result.status === UNSENDABLE) {
        report.unsendable += 1;
        continue;
      }
      report.requests += 1;
      if (draw === null) report.systematic += 1;
      report.routeCounts[route.id] = (report.routeCounts[route.id] ?? 0) + 1;
      const statusLabel = result.status === 0 ? 'none' : String(result.status);
      report.statusHistogram[statusLabel] = (report.statusHistogram[statusLabel] ?? 0) + 1;
      if (result.status >= 500) report.serverErrors += 1;
      if (result.status === 429) report.rateLimited += 1;
      if (plan.aimsAtVictim) report.crossUserAttempts += 1;
      if (result.ms > report.slowest.ms) report.slowest = { ms: result.ms, route: route.id, index };
      // Uploads (RouteSpec.rawBody) read bodies up to 11 MB by design: only other routes are noted.
      if (plan.body.kind === 'huge' && !route.rawBody && result.status !== 413 && result.status < 500) {
        const statuses = (report.oversizeAccepted[route.id] ??= {});
        statuses[result.status] = (statuses[result.status] ?? 0) + 1;
      }
      const sent: SentRequest = {
        index,
        draw,
        plan,
        cookieNote: result.cookieNote,
        status: result.status,
        ms: result.ms,
      };
      for (const finding of result.findings) record(finding, sent);

      // The victim's rows after every request: any change is a cross-user write.
      const rows = await victimRows(world);
      const text = JSON.stringify(rows);
      if (text !== rowsText) {
        const parts = changedParts(rowsBefore, rows);
        record({ kind: 'victim-write', detail: `A's ${parts.join(', ')} changed` }, sent);
        rowsBefore = rows;
        rowsText = text;
      }
      report.actorRenewals += await keepActorsSignedIn(world);

      if ((index + 1) % 1000 === 0) {
        const health = await healthStatus(world);
        if (health !== 200) record({ kind: 'unhealthy', detail: `GET /api/health answered ${health}` }, sent);
        options.progress?.(
          `  ${options.dialect}: ${index + 1}/${options.count} requests, ${report.serverErrors} 5xx, ` +
            `${groups.size} distinct failures, ${Math.round((performance.now() - started) / 1000)} s`,
        );
      }
    }

    // A's view through the API, after everything, and the server's health.
    const viewAfter = await victimView(world);
    const changedViews = changedParts(viewBefore, viewAfter);
    report.victimViewChanged = changedViews;
    const rowChanges = [...groups.values()].some((group) => group.kind === 'victim-write');
    if (changedViews.length > 0 && !rowChanges) {
      // A's rows never changed after a request, yet A's view did: report it on its own.
      record(
        { kind: 'victim-write', detail: `A's API view changed over the run: ${changedViews.join(', ')}` },
        wholeRun(options.count, 'GET', '/api/me', 0),
      );
    }
    report.healthAfter = await healthStatus(world);
    if (report.healthAfter !== 200) {
      record(
        { kind: 'unhealthy', detail: `GET /api/health answered ${report.healthAfter} after the run` },
        wholeRun(options.count, 'GET', '/api/health', report.healthAfter),
      );
    }

    report.failures = [...groups.values()].sort((a, b) => a.key.localeCompare(b.key));
    if (options.shrink ?? true) {
      for (const group of report.failures) {
        if (!SHRINKABLE.has(group.kind)) continue;
        const route = routeById.get(group.first.plan.route);
        if (route) await shrinkGroup(world, route, group, options.seed, options.shrinkBudgetMs ?? 20_000, timeoutMs);
      }
    }
    if (options.outage) await outagePhase(world, routes, options, report, timeoutMs);
    report.durationMs = performance.now() - started;
    return report;
  } finally {
    await world.close();
  }
}

/**
 * The outage phase: closes the database, then sends `options.outage` random requests (draws after the main run's) and
 * records what fails; 503 answers are expected. Failures are grouped apart, as "(database away)".
 */
async function outagePhase(
  world: World,
  routes: readonly RouteSpec[],
  options: CampaignOptions,
  report: CampaignReport,
  timeoutMs: number,
): Promise<void> {
  await world.t.database.destroy();
  const groups = new Map<string, FailureGroup>();
  for (let n = 0; n < (options.outage ?? 0); n += 1) {
    const draw = options.count + n;
    const route = routeFor(routes, options.seed, draw);
    const plan = drawPlan(route, world, options.seed, draw);
    const result = await exchange(world, route, plan, timeoutMs, true);
    if (result.status === UNSENDABLE) continue;
    report.outageRequests += 1;
    const label = result.status === 0 ? 'none' : String(result.status);
    report.outageHistogram[label] = (report.outageHistogram[label] ?? 0) + 1;
    for (const finding of result.findings) {
      const scoped = { ...finding, scope: `${finding.scope ?? plan.route} (database away)` };
      const key = groupKey(scoped, plan.route, result.status);
      const group = groups.get(key);
      if (group) group.count += 1;
      else {
        const sent = {
          index: options.count + n,
          draw,
          plan,
          cookieNote: result.cookieNote,
          status: result.status,
          ms: result.ms,
        };
        groups.set(key, {
          key,
          kind: finding.kind,
          route: scoped.scope,
          status: result.status,
          count: 1,
          detail: finding.detail,
          first: sent,
          minimal: null,
          minimalDetail: null,
        });
      }
    }
  }
  report.failures.push(...[...groups.values()].sort((a, b) => a.key.localeCompare(b.key)));
}

/**
 * Shrinks a failure: fast-check draws the first occurrence's plan again from its seed and simplifies it while the same
 * failure (kind, route, status) keeps happening. Keeps the smallest plan seen within `budgetMs`.
 */
async function shrinkGroup(
  world: World,
  route: RouteSpec,
  group: FailureGroup,
  seed: number,
  budgetMs: number,
  timeoutMs: number,
): Promise<void> {
  let smallest: { sent: SentRequest; detail: string } | null = null;
  const property = fc.asyncProperty(planArbitrary(route, world.ctx), async (plan) => {
    const result = await exchange(world, route, plan, timeoutMs);
    await keepActorsSignedIn(world);
    const hit = result.findings.find((finding) => groupKey(finding, plan.route, result.status) === group.key);
    if (!hit) return true;
    smallest = {
      sent: {
        index: group.first.index,
        draw: group.first.draw,
        plan,
        cookieNote: result.cookieNote,
        status: result.status,
        ms: result.ms,
      },
      detail: hit.detail,
    };
    return false;
  });
  if (group.first.draw === null) return;
  await fc.check(property, {
    seed: requestSeed(seed, group.first.draw),
    numRuns: 1,
    interruptAfterTimeLimit: budgetMs,
    markInterruptAsFailure: false,
  });
  const found = smallest as { sent: SentRequest; detail: string } | null;
  if (found && found.sent.plan.mutations.length <= group.first.plan.mutations.length) {
    group.minimal = found.sent;
    group.minimalDetail = found.detail;
  }
}
