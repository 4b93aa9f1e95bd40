import type { CampaignReport, FailureGroup, SentRequest } from './campaign/types';
import { hex } from './plan/payload';
import { describeValue, shorten } from './values';

/** The printed summary of fuzz campaigns: figures per database, then one minimal reproduction per distinct failure. */

const number = (value: number) => value.toLocaleString('en-US');

/** A request as a reproduction prints it: method and path, headers, cookie, body, and what was mutated. */
export function describeRequest(sent: SentRequest, indent = '      '): string[] {
  const { plan } = sent;
  const lines = [`${indent}${plan.method} ${shorten(plan.path, 300)}`];
  const headers = Object.entries(plan.headers).map(
    ([name, value]) => `${name}: ${JSON.stringify(shorten(value, 100))}`,
  );
  lines.push(`${indent}headers: ${headers.length > 0 ? headers.join('; ') : '(none)'}`);
  lines.push(`${indent}cookie: ${sent.cookieNote}${plan.address ? `; from ${plan.address}` : ''}`);
  const body = plan.body;
  const bodyLine =
    body.kind === 'none'
      ? '(none)'
      : body.kind === 'json'
        ? describeValue(body.value)
        : body.kind === 'text'
          ? `text ${JSON.stringify(shorten(body.text, 200))}`
          : body.kind === 'binary'
            ? `${number(body.data.length)} bytes: ${body.label} [${hex(body.data)}]`
            : `${number(body.bytes)} bytes (${body.style})`;
  lines.push(`${indent}body: ${bodyLine}${plan.streamed && body.kind !== 'none' ? ' (no Content-Length)' : ''}`);
  if (plan.mutations.length > 0) lines.push(`${indent}mutations: ${plan.mutations.join('; ')}`);
  return lines;
}

function describeGroup(group: FailureGroup): string[] {
  const lines = [
    `  [${group.kind}] ${group.route} -> ${group.status || 'no answer'} ×${number(group.count)} (first: request #${group.first.index}${group.first.draw === null ? ', systematic' : `, draw ${group.first.draw}`})`,
    `      ${group.minimalDetail ?? group.detail}`,
  ];
  if (group.minimal) {
    lines.push(`    minimal reproduction (shrunk from ${group.first.plan.mutations.length} mutations):`);
    lines.push(...describeRequest(group.minimal));
  } else {
    lines.push('    reproduction:');
    lines.push(...describeRequest(group.first));
  }
  return lines;
}

/** The summary of one campaign, as lines. */
export function summarize(report: CampaignReport): string[] {
  const histogram = Object.entries(report.statusHistogram)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status}: ${number(count)}`)
    .join(', ');
  const routes = Object.keys(report.routeCounts).length;
  const lines = [
    `${report.dialect} (seed ${report.seed}): ${number(report.requests)} requests over ${routes} routes in ${(report.durationMs / 1000).toFixed(1)} s`,
    `  ${number(report.systematic)} systematic (every field × typed variant: ${number(report.systematic)} of ${number(report.systematicTotal)}), ${number(report.requests - report.systematic)} random`,
    `  status codes: ${histogram}`,
    `  5xx: ${number(report.serverErrors)}; rate-limited (429): ${number(report.rateLimited)}; GET /api/health after: ${report.healthAfter}`,
    `  cross-user: ${number(report.crossUserAttempts)} requests aimed at A's ids or session; ${number(report.crossUserLeaks)} leaks; ` +
      `A's own view after the run: ${report.victimViewChanged.length === 0 ? 'unchanged' : `CHANGED (${report.victimViewChanged.join(', ')})`}`,
    `  slowest answer: ${Math.round(report.slowest.ms)} ms (${report.slowest.route}, request #${report.slowest.index}); attackers signed in again ${report.actorRenewals} times`,
  ];
  if (report.outageRequests > 0) {
    const outage = Object.entries(report.outageHistogram)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, count]) => `${status}: ${number(count)}`)
      .join(', ');
    lines.push(`  with the database away: ${number(report.outageRequests)} requests; status codes: ${outage}`);
  }
  if (report.unsendable > 0) lines.push(`  ${report.unsendable} generated requests could not be built (skipped)`);
  const oversize = Object.entries(report.oversizeAccepted);
  if (oversize.length > 0) {
    lines.push('  note: bodies of 1-5 MB answered without 413 (read whole; not counted as failures):');
    for (const [route, statuses] of oversize) {
      const text = Object.entries(statuses)
        .map(([status, count]) => `${status} ×${count}`)
        .join(', ');
      lines.push(`    ${route}: ${text}`);
    }
  }
  if (report.failures.length === 0) lines.push('  failures: none');
  else {
    const total = report.failures.reduce((sum, group) => sum + group.count, 0);
    lines.push(`  FAILURES: ${report.failures.length} distinct (${number(total)} occurrences)`);
    for (const group of report.failures) lines.push(...describeGroup(group));
  }
  return lines;
}

/** A JSON-friendly copy of the reports (for var/fuzz/last-run.json): reproductions described, bodies shortened. */
export function toJsonReport(reports: CampaignReport[]): unknown {
  const request = (sent: SentRequest | null) => (sent ? describeRequest(sent, '').map((line) => line.trim()) : null);
  return reports.map((report) => ({
    ...report,
    failures: report.failures.map((group) => ({
      kind: group.kind,
      route: group.route,
      status: group.status,
      count: group.count,
      detail: group.minimalDetail ?? group.detail,
      firstIndex: group.first.index,
      reproduction: request(group.minimal ?? group.first),
    })),
  }));
}
