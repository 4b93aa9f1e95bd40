import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import type { Kysely } from 'kysely';
import type { AppMetadata } from '@/shared/schemas/session';
import type { Database } from '../db/types';
import { getSubscriptionStatus, type EntitlementRow } from './entitlements';

/**
 * `answer` (better-auth's get-session answer) with the user's entitlements, plan and lapse as `user.appMetadata`, read
 * now: what {@link entitlementsSessionPlugin} adds, also used where the server answers get-session from its memo.
 * @param rows the user's entitlement rows when this request already read them; read otherwise
 */
export async function withAppMetadata<T extends { user: { id: string } }>(
  db: Kysely<Database>,
  answer: T,
  rows?: readonly EntitlementRow[],
): Promise<T & { user: { appMetadata: AppMetadata } }> {
  const { plan, entitlements, lapsed } = await getSubscriptionStatus({ db, userId: answer.user.id, rows });
  return { ...answer, user: { ...answer.user, appMetadata: { entitlements, plan, lapsed } } };
}

/**
 * A better-auth plugin that makes the session the browser reads (`GET /api/auth/get-session`) carry the user's active
 * entitlements, plan and lapse as `user.appMetadata` (app_metadata.entitlements in docs/product.md, Records), read from
 * the entitlement table at the time of the read, so an expiry or a webhook shows on the next session refresh.
 * Server-side session reads (no HTTP request: the API's own checks) are left as they are; the entitlement gate reads
 * the table itself.
 */
export function entitlementsSessionPlugin(db: Kysely<Database>): BetterAuthPlugin {
  return {
    id: 'barback-entitlements',
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === '/get-session',
          handler: createAuthMiddleware(async (ctx) => {
            if (!ctx.request) return;
            const returned = ctx.context.returned as { user?: { id?: unknown } } | null | undefined;
            if (!returned || typeof returned !== 'object' || returned instanceof Error) return;
            const user = returned.user;
            if (!user || typeof user.id !== 'string') return;
            return ctx.json(await withAppMetadata(db, { ...returned, user: { ...user, id: user.id } }));
          }),
        },
      ],
    },
  };
}
