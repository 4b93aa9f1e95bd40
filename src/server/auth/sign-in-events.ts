import type { GenericEndpointContext } from 'better-auth';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { Logger } from '../logger';
import { TWO_FACTOR_COOKIE } from './sign-in-plugin';

/** Routes whose new session is a finished sign-in (first factor) unless the user still owes a two-factor code. */
const FIRST_FACTOR_PATHS = new Set(['/magic-link/verify', '/callback/:id']);
/** Routes that finish a two-factor sign-in (a new session is made only when a pending challenge is completed). */
const SECOND_FACTOR_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);

/** How a sign-in was made, for the event's props: the provider id, 'magic-link' or 'two-factor'. */
function signInMethod(context: GenericEndpointContext): string {
  if (context.path === '/magic-link/verify') return 'magic-link';
  if (SECOND_FACTOR_PATHS.has(context.path)) return 'two-factor';
  const provider = (context.params as { id?: unknown } | undefined)?.id;
  return typeof provider === 'string' ? provider : 'oauth';
}

/**
 * A better-auth `databaseHooks.session.create.after` handler that records sign-ins in `analytics_event`: the first sign-in
 * of a user (no earlier `registration` event for them) as `registration`, every later one as `login`, with plan 'free' and
 * props `{method}`. Sessions that are not sign-ins are skipped: cookie refreshes after enabling two-factor, and first
 * factors of users who still owe a code (their sign-in is counted when the code is verified). A failure to record is
 * logged and never fails the sign-in.
 */
export function recordSignInEvents({ db, logger }: { db: Kysely<Database>; logger: Logger }) {
  return async (session: { userId: string }, context: GenericEndpointContext | null): Promise<void> => {
    if (!context) return;
    try {
      if (SECOND_FACTOR_PATHS.has(context.path)) {
        // Enabling two-factor also verifies a code, with a session already present: only a pending challenge counts.
        const challenge = context.context.createAuthCookie(TWO_FACTOR_COOKIE);
        if (!context.getCookie(challenge.name)) return;
      } else if (FIRST_FACTOR_PATHS.has(context.path)) {
        const user = await db
          .selectFrom('user')
          .select('twoFactorEnabled')
          .where('id', '=', session.userId)
          .executeTakeFirst();
        if (user && Boolean(user.twoFactorEnabled)) return;
      } else {
        return;
      }
      const earlier = await db
        .selectFrom('analytics_event')
        .select('id')
        .where('user_id', '=', session.userId)
        .where('type', '=', 'registration')
        .limit(1)
        .executeTakeFirst();
      const now = new Date().toISOString();
      await db
        .insertInto('analytics_event')
        .values({
          type: earlier ? 'login' : 'registration',
          occurred_at: now,
          user_id: session.userId,
          plan: 'free',
          props: JSON.stringify({ method: signInMethod(context), source: 'server' }),
          received_at: now,
        })
        .execute();
    } catch (error) {
      logger.warn({ err: error, userId: session.userId }, 'could not record the sign-in event');
    }
  };
}
