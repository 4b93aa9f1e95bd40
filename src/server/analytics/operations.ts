import type { Kysely } from 'kysely';
import type { AnalyticsEvent } from '@/shared/schemas/analytics';
import type { Database } from '../db/types';

/**
 * Stores analytics events, one `analytics_event` row each (type, occurred_at, user_id, plan, props as JSON text,
 * received_at = now), in one statement.
 * @param events already validated events (analyticsBatchSchema: 1–100 per call).
 * @param now the clock that stamps `received_at` (default the system clock; tests pass their own).
 * @returns how many events were stored.
 */
export async function recordEvents({
  db,
  events,
  now = () => new Date(),
}: {
  db: Kysely<Database>;
  events: readonly AnalyticsEvent[];
  now?: () => Date;
}): Promise<{ accepted: number }> {
  if (events.length === 0) return { accepted: 0 };
  const received = now().toISOString();
  await db
    .insertInto('analytics_event')
    .values(
      events.map((event) => ({
        type: event.type,
        occurred_at: new Date(event.timestamp).toISOString(),
        user_id: event.userId,
        plan: event.plan,
        props: JSON.stringify(event.props),
        received_at: received,
      })),
    )
    .execute();
  return { accepted: events.length };
}
