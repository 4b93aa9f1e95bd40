import type { RouteSpec } from '../routes/types';
import type { World } from '../world/types';
import { drawPlan, routeFor } from './draws';
import { exchange, UNSENDABLE } from './exchange';
import { groupKey } from './failures';
import type { CampaignOptions, CampaignReport, FailureGroup } from './types';

/**
 * The outage phase: closes the database, then sends `options.outage` random requests (draws after the main run's) and
 * records what fails; 503 answers are expected. Failures are grouped apart, as "(database away)".
 */
export async function outagePhase(
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
