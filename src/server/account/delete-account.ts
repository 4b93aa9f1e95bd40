import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';
import { emailBucket, type RateLimiter } from '../http/rate-limit';
import { deleteCollectionsData, type CollectionsDeletion } from '../collections';
import { deleteMyBarData, type MyBarDeletion } from '../my-bar';
import { deleteOwnRecipesData, type OwnRecipesDeletion } from '../recipes';
import { purgeUserFromAuthStore, type RedisHandle } from '../redis';

/** Escapes LIKE wildcards (and the escape character) so `text` matches literally inside a `like ... escape '\'` pattern. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** What {@link deleteAccount} removed, by table (rows), and how many analytics events it de-identified. */
export interface DeletionReport {
  favorites: number;
  /** My Bar's rows: bar, shopping list, made drinks, swaps. */
  myBar: MyBarDeletion;
  /** Collections (with their items), private notes and ratings. */
  collections: CollectionsDeletion;
  /** Own recipes (with everything naming them) and own free-text ingredients. */
  ownRecipes: OwnRecipesDeletion;
  sessions: number;
  accounts: number;
  twoFactor: number;
  verifications: number;
  supportMessages: number;
  outboxMessages: number;
  analyticsDeidentified: number;
  entitlements: number;
  webhookEvents: number;
  /**
   * Rate-limit counters of the email deleted after the commit (Redis keys and database rows); null when that failed,
   * the account being deleted all the same (the counters are hashed and end with their window, an hour at most).
   */
  rateLimitCounters: number | null;
}

/**
 * Deletes every trace of a user, in one transaction (a failure rolls all of it back):
 * favorites, My Bar's rows (bar, shopping list, made drinks, swaps), collections, notes and ratings, own recipes and own
 * free-text ingredients, sessions, linked accounts, two-factor secrets, verification rows that name the user or their email (magic
 * links, OAuth link state, pending two-factor challenges), support messages they sent (by user id or email), dev-outbox
 * mail to or from their email, their entitlements and the store webhook events that name them, and the user row;
 * analytics events keep their type, time, plan and props but lose the user id. With `redis` (REDIS_URL), better-auth's
 * cached sessions and verification values of the user go from Redis too, inside the transaction: a Redis failure rolls
 * the deletion back.
 *
 * The email's rate-limit counters (hashed buckets, in Redis or the database) go right after the commit, through
 * `limiter`: rate-limiter-flexible's stores run on their own driver calls, outside the transaction, and forgetting them
 * first would hand a failed deletion a fresh window. Should that last step fail, the account stays deleted and the
 * report says so (`rateLimitCounters: null`); the counters then end with their window.
 * @returns the counts per table (the user row itself is always one).
 * @throws the database's error, or RedisUnavailableError (503) when Redis cannot be reached; nothing is deleted then.
 */
export async function deleteAccount({
  db,
  userId,
  email,
  limiter,
  redis = null,
}: {
  db: Kysely<Database>;
  userId: string;
  email: string;
  /** The server's rate limiter (app.ts): its counters of the email are forgotten once the deletion has committed. */
  limiter: RateLimiter;
  /** The server's Redis connection when it has one: better-auth's cache and the counters live there. */
  redis?: RedisHandle | null;
}): Promise<DeletionReport> {
  const address = email.trim().toLowerCase();
  const report = await db.transaction().execute(async (trx) => {
    const count = (result: { numDeletedRows?: bigint; numUpdatedRows?: bigint }[]) =>
      Number(result.reduce((sum, r) => sum + (r.numDeletedRows ?? r.numUpdatedRows ?? 0n), 0n));

    const favorites = count(await trx.deleteFrom('user_favorites').where('user_id', '=', userId).execute());
    const myBar = await deleteMyBarData({ db: trx, userId });
    const collections = await deleteCollectionsData({ db: trx, userId });
    const ownRecipes = await deleteOwnRecipesData({ db: trx, userId });
    const supportMessages = count(
      await trx
        .deleteFrom('support_message')
        .where((eb) => eb.or([eb('user_id', '=', userId), eb(eb.fn('lower', ['email']), '=', address)]))
        .execute(),
    );
    const outboxMessages = count(
      await trx
        .deleteFrom('mail_outbox')
        .where((eb) =>
          eb.or([eb(eb.fn('lower', ['to_address']), '=', address), eb(eb.fn('lower', ['reply_to']), '=', address)]),
        )
        .execute(),
    );
    const analyticsDeidentified = count(
      await trx.updateTable('analytics_event').set({ user_id: null }).where('user_id', '=', userId).execute(),
    );
    const entitlements = count(await trx.deleteFrom('entitlement').where('user_id', '=', userId).execute());
    // Store events that name the user (as buyer, alias or transfer party): RevenueCat keeps its own purchase records.
    const webhookEvents = count(
      await trx
        .deleteFrom('webhook_event')
        .where((eb) =>
          eb.or([
            eb('user_id', '=', userId),
            eb('app_user_id', '=', userId),
            sql<boolean>`${sql.ref('payload')} like ${`%${likeLiteral(JSON.stringify(userId))}%`} escape '\\'`,
          ]),
        )
        .execute(),
    );
    const twoFactor = count(await trx.deleteFrom('twoFactor').where('userId', '=', userId).execute());
    if (redis) {
      // better-auth reads sessions from Redis first: drop the cached copies (every device) before their rows.
      const tokens = await trx.selectFrom('session').select('token').where('userId', '=', userId).execute();
      await purgeUserFromAuthStore(redis, { userId, email: address, tokens: tokens.map((row) => row.token) });
    }
    const sessions = count(await trx.deleteFrom('session').where('userId', '=', userId).execute());
    const accounts = count(await trx.deleteFrom('account').where('userId', '=', userId).execute());
    const verifications = count(
      await trx
        .deleteFrom('verification')
        .where((eb) =>
          eb.or([
            eb('value', '=', userId),
            sql<boolean>`${sql.ref('value')} like ${`%${likeLiteral(userId)}%`} escape '\\'`,
            sql<boolean>`lower(${sql.ref('value')}) like ${`%${likeLiteral(JSON.stringify(address))}%`} escape '\\'`,
          ]),
        )
        .execute(),
    );
    const deleted = count(await trx.deleteFrom('user').where('id', '=', userId).execute());
    if (deleted !== 1) throw new Error(`user ${userId} was not deleted`);
    return {
      favorites,
      myBar,
      collections,
      ownRecipes,
      sessions,
      accounts,
      twoFactor,
      verifications,
      supportMessages,
      outboxMessages,
      analyticsDeidentified,
      entitlements,
      webhookEvents,
    };
  });
  const rateLimitCounters = await limiter.forget([emailBucket(address)]).catch(() => null);
  return { ...report, rateLimitCounters };
}
