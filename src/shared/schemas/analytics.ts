import { z } from 'zod';
import { PLAN_NAMES, type PlanName } from '../domain/plans';

/**
 * Analytics events: what the client queues (lib/analytics) and `POST /api/events` stores in `analytics_event`.
 * Event names from spec section 7, plus the sign-in pair (registration, login) and the native app's activate event.
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

/** Plans an event can be attributed to (spec section 3: derived from entitlements; src/shared/domain/plans.ts). */
export const PLANS = PLAN_NAMES;
export type Plan = PlanName;

/** Most events accepted in one `POST /api/events` batch. */
export const MAX_EVENTS_PER_BATCH = 100;
/** Largest serialized `props` object accepted per event, bytes. */
export const MAX_EVENT_PROPS_BYTES = 4096;

/** One analytics event. timestamp: ISO 8601 string; props: a small JSON object (at most 4 kB serialized). */
export const analyticsEventSchema = z.object({
  type: z.enum(ANALYTICS_EVENT_TYPES),
  timestamp: z.iso.datetime({ offset: true }),
  userId: z.string().max(100).nullable().default(null),
  plan: z.enum(PLANS).nullable().default(null),
  props: z
    .record(z.string(), z.unknown())
    .default({})
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
