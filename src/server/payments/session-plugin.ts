import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import type { Kysely } from 'kysely';
import type { AppMetadata } from '@/shared/schemas/session';
import type { Database } from '../db/types';
import { getSubscriptionStatus } from './entitlements';

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
            const { plan, entitlements, lapsed } = await getSubscriptionStatus({ db, userId: user.id });
            const appMetadata: AppMetadata = { entitlements, plan, lapsed };
            return ctx.json({ ...returned, user: { ...user, appMetadata } });
          }),
        },
      ],
    },
  };
}
