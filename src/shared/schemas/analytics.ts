import { z } from 'zod';
import { PLAN_NAMES, type PlanName } from '../domain/plans';

/**
 * Analytics events: what the client queues (lib/analytics) and `POST /api/events` stores in `analytics_event`.
 * Event names from docs/product.md, Calls, plus the sign-in pair (registration, login) and the native app's activate
 * event.
 */
export const ANALYTICS_EVENT_TYPES = [
  'search_performed',
  'paywall_view',
  'paywall_toggle',
  'plan_select',
  'purchase_start',
  'purchase_success',
  'restore_start',
  'restore_success',
  'rc_error',
  'session_entitlements_refreshed',
  'route_gate_redirect',
  'registration',
  'login',
  'activate',
  'page_view',
  'recipe_view',
] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

/**
 * Plans an event can be attributed to (docs/product.md, Records: derived from entitlements;
 * src/shared/domain/plans.ts).
 */
export const PLANS = PLAN_NAMES;
export type Plan = PlanName;

/** Most events accepted in one `POST /api/events` batch. */
export const MAX_EVENTS_PER_BATCH = 100;
/** Largest serialized `props` object accepted per event, bytes. */
export const MAX_EVENT_PROPS_BYTES = 4096;

/** Deepest nesting accepted in an event's `props` (the object itself is level 1). */
export const MAX_EVENT_PROPS_DEPTH = 8;
/** Earliest and latest event times accepted, ms since the epoch: 2000-01-01 and 2100-01-01 (UTC). */
export const EVENT_TIME_RANGE_MS = { min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) } as const;

/**
 * True when `value` nests objects and arrays at most `max` levels deep (a scalar is level 0). Walks iteratively and stops at
 * the first level past `max`, so a hostile 10,000-level document costs `max` steps, never a stack overflow.
 */
export function jsonDepthAtMost(value: unknown, max: number): boolean {
  let level: unknown[] = [value];
  for (let depth = 0; level.length > 0; depth += 1) {
    const next: unknown[] = [];
    for (const item of level) {
      if (typeof item !== 'object' || item === null) continue;
      if (depth >= max) return false;
      next.push(...(Array.isArray(item) ? item : Object.values(item)));
    }
    level = next;
  }
  return true;
}

/**
 * One analytics event. timestamp: ISO 8601 string between 2000 and 2100; props: a small JSON object, at most 8 levels deep
 * and at most 4 kB serialized.
 */
export const analyticsEventSchema = z.object({
  type: z.enum(ANALYTICS_EVENT_TYPES),
  timestamp: z.iso.datetime({ offset: true }).refine(
    (value) => {
      const time = Date.parse(value);
      return time >= EVENT_TIME_RANGE_MS.min && time < EVENT_TIME_RANGE_MS.max;
    },
    { message: 'timestamp must be between the years 2000 and 2099' },
  ),
  userId: z.string().max(100).nullable().default(null),
  plan: z.enum(PLANS).nullable().default(null),
  props: z
    .record(z.string(), z.unknown())
    .default({})
    .refine((props) => jsonDepthAtMost(props, MAX_EVENT_PROPS_DEPTH), {
      message: `props must nest at most ${MAX_EVENT_PROPS_DEPTH} levels deep`,
      abort: true,
    })
    .refine((props) => JSON.stringify(props).length <= MAX_EVENT_PROPS_BYTES, {
      message: `props must be at most ${MAX_EVENT_PROPS_BYTES} bytes of JSON`,
    }),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** Body of `POST /api/events`: 1 to 100 events. Answer: 202 `{ accepted: number }`. */
export const analyticsBatchSchema = z.object({
  events: z
    .array(analyticsEventSchema)
    .min(1, 'events must hold at least one event')
    .max(MAX_EVENTS_PER_BATCH, `events must hold at most ${MAX_EVENTS_PER_BATCH} events`),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

/** `POST /api/events` answer (202): how many events were stored. */
export const analyticsAcceptedSchema = z.object({ accepted: z.number().int().min(0) });
export type AnalyticsAccepted = z.infer<typeof analyticsAcceptedSchema>;
