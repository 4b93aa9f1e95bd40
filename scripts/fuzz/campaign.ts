import { buildPlan } from './plan';
import type { RequestPlan } from './plan/types';
import { sweepChoices } from './plan/sweep';
import { activeRoutes } from './routes';
import type { RouteSpec } from './routes/types';
import { createWorld } from './world';
import { keepActorsSignedIn } from './world/attackers';
import { changedParts, victimRows, victimView } from './world/snapshots';
import type { Finding } from './detectors';
import { drawPlan, routeFor, sweepAddress } from './campaign/draws';
import { exchange, UNSENDABLE } from './campaign/exchange';
import { groupKey, healthStatus, SHRINKABLE, VICTIM_KINDS, wholeRun } from './campaign/failures';
import { outagePhase } from './campaign/outage';
import { shrinkGroup } from './campaign/shrink';
import type { CampaignOptions, CampaignReport, FailureGroup, SentRequest } from './campaign/types';

/**
 * One fuzz campaign on one database: build the world, send `count` generated requests one after the other (each from its
 * own seed, so any request can be drawn again), check every answer and the victim's rows after it, shrink each distinct
 * failure to a minimal reproduction with fast-check, and check the server's health at the end. The parts live in
 * campaign/: the options and report types, the draws, the cookies, one exchange, the plants, the failure groups, the
 * outage phase and shrinking.
 */

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
