import fc from 'fast-check';
import { planArbitrary } from '../plan';
import type { RouteSpec } from '../routes/types';
import { keepActorsSignedIn } from '../world/attackers';
import type { World } from '../world/types';
import { requestSeed } from './draws';
import { exchange } from './exchange';
import { groupKey } from './failures';
import type { FailureGroup, SentRequest } from './types';

/**
 * Shrinks a failure: fast-check draws the first occurrence's plan again from its seed and simplifies it while the same
 * failure (kind, route, status) keeps happening. Keeps the smallest plan seen within `budgetMs`.
 */
export async function shrinkGroup(
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
