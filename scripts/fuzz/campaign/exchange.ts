import {
  inspectAnswer,
  isApiPath,
  isAuthPath,
  readBody,
  requestTextOf,
  servedProblem,
  type Finding,
} from '../detectors';
import { bodyPayload, wireHeaderValue } from '../plan/payload';
import type { RequestPlan } from '../plan/types';
import type { RouteSpec } from '../routes/types';
import type { World } from '../world/types';
import { cookieFor } from './cookies';
import { plantsSeenBy, recordPlants } from './plants';

/** Sending one plan to the app in-process and inspecting its answer (the detectors, the victim's sessions, plants). */

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

/** The status of an exchange whose request no HTTP client could send (it was skipped). */
export const UNSENDABLE = -1;

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

/** A wait for an answer that ran out (see the `timeoutMs` of {@link exchange}). */
class TimeoutError extends Error {}

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
