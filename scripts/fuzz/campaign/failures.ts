import type { Finding, FindingKind } from '../detectors';
import type { World } from '../world/types';
import type { SentRequest } from './types';

/** Grouping findings into distinct failures, which of them are shrunk, and the checks of the whole run. */

/** Kinds that are cross-user leaks (counted apart in the report). */
export const VICTIM_KINDS = new Set<FindingKind>(['victim-write', 'victim-read', 'victim-session']);

/** Kinds shrunk with fast-check (answer-level, so a replay shows them again). */
export const SHRINKABLE = new Set<FindingKind>([
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
export function wholeRun(index: number, method: string, path: string, status: number): SentRequest {
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

/** The key of a finding's group: its kind, its route (or scope) and the status. */
export function groupKey(finding: Finding, route: string, status: number): string {
  return `${finding.kind}|${finding.scope ?? route}|${status}`;
}

/** The status of `GET /api/health` (0 when the app threw). */
export async function healthStatus(world: World): Promise<number> {
  try {
    return (await world.t.request('/api/health')).status;
  } catch {
    return 0;
  }
}
