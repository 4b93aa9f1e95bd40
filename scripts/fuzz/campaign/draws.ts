import fc from 'fast-check';
import { planArbitrary } from '../plan';
import type { RequestPlan } from '../plan/types';
import type { RouteSpec } from '../routes/types';
import type { World } from '../world/types';

/** Which request a run sends when: each request's seed, its route, its plan, and the address of a systematic one. */

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
export function sweepAddress(n: number): string {
  return `198.18.${(n >> 8) & 255}.${n & 255}`;
}

/** Request plan number `index` of `route` (the same seed gives the same plan). */
export function drawPlan(route: RouteSpec, world: World, seed: number, index: number): RequestPlan {
  return fc.sample(planArbitrary(route, world.ctx), { seed: requestSeed(seed, index), numRuns: 1 })[0]!;
}
