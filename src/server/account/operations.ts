import type { Kysely } from 'kysely';
import { ACTIVITY_LIMIT, type ActivityResponse, type LinkedAccount, type MeResponse } from '@/shared/schemas/account';
import type { SessionUser } from '@/shared/schemas/session';
import { precompiledPerDatabase } from '../db/precompiled';
import type { Database } from '../db/types';
import { listRecentFavorites } from '../favorites';
import { listRecentMadeDrinks } from '../my-bar';
import { getSubscriptionStatus, type EntitlementRow } from '../payments';

/** The accounts (ways in) of a user, oldest first. */
export async function listLinkedAccounts({
  db,
  userId,
}: {
  db: Kysely<Database>;
  userId: string;
}): Promise<LinkedAccount[]> {
  const rows = await db
    .selectFrom('account')
    .select(['id', 'providerId', 'accountId', 'createdAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    providerId: row.providerId,
    accountId: row.accountId,
    createdAt: new Date(row.createdAt).toISOString(),
  }));
}

/**
 * The account summary's query, compiled once per database client: the user's row joined to each linked account (oldest
 * first), each row carrying the user's favorite and made-drink counts; a user with no linked account gets one row of
 * counts with a null account id. One round trip instead of three.
 */
const summaryQuery = precompiledPerDatabase(
  (q: Kysely<Database>, userId) =>
    q
      .selectFrom('user')
      .leftJoin('account', 'account.userId', 'user.id')
      .select((eb) => [
        eb
          .selectFrom('user_favorites')
          .select((c) => c.fn.countAll<number | string>().as('n'))
          .whereRef('user_favorites.user_id', '=', 'user.id')
          .as('favorites'),
        eb
          .selectFrom('made_drink')
          .select((c) => c.fn.countAll<number | string>().as('n'))
          .whereRef('made_drink.user_id', '=', 'user.id')
          .as('made'),
        'account.id',
        'account.providerId',
        'account.accountId',
        'account.createdAt',
      ])
      .where('user.id', '=', userId as string)
      .orderBy('account.createdAt', 'asc')
      .orderBy('account.id', 'asc'),
  1,
);

/** The user's favorite and made-drink counts and linked accounts (oldest first), read in one statement. */
async function accountSummary(db: Kysely<Database>, userId: string) {
  const rows = await summaryQuery(db)(userId);
  const accounts: LinkedAccount[] = [];
  for (const row of rows) {
    if (row.id === null || row.providerId === null || row.accountId === null || row.createdAt === null) continue;
    const createdAt = new Date(row.createdAt).toISOString();
    accounts.push({ id: row.id, providerId: row.providerId, accountId: row.accountId, createdAt });
  }
  return { favorites: Number(rows[0]?.favorites ?? 0), made: Number(rows[0]?.made ?? 0), accounts };
}

/**
 * The signed-in user's profile summary: the user, the plan and active entitlements (with every entitlement's details,
 * judged now), role 'User', the number of favorites and of made drinks (kept after a plan lapses), the linked accounts,
 * and which providers the server offers.
 * @param entitlementRows the user's entitlement rows when the session read them in this request; read otherwise
 */
export async function getMe({
  db,
  user,
  providers,
  entitlementRows,
}: {
  db: Kysely<Database>;
  user: SessionUser;
  providers: { google: boolean; facebook: boolean };
  entitlementRows?: readonly EntitlementRow[] | undefined;
}): Promise<MeResponse> {
  const [{ favorites, made, accounts }, subscription] = await Promise.all([
    accountSummary(db, user.id),
    getSubscriptionStatus({ db, userId: user.id, rows: entitlementRows }),
  ]);
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      image: user.image,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
    },
    plan: subscription.plan,
    entitlements: subscription.entitlements,
    entitlementDetails: subscription.details,
    lapsed: subscription.lapsed,
    role: 'User',
    counts: { favorites, made },
    accounts,
    providers,
  };
}

/** Search events read to find the latest distinct queries. */
const SEARCH_SCAN_LIMIT = 200;

/**
 * A user's recent activity: their 10 latest favorites (with cocktail names), their 10 latest distinct searches (from
 * `search_performed` events attributed to them; queries compared trimmed and case-insensitively, the newest spelling
 * kept), and their 10 latest made drinks (with cocktail names; listed whatever their plan is now).
 */
export async function getActivity({ db, userId }: { db: Kysely<Database>; userId: string }): Promise<ActivityResponse> {
  const [favorites, madeDrinks, events] = await Promise.all([
    listRecentFavorites({ db, userId, limit: ACTIVITY_LIMIT }),
    listRecentMadeDrinks({ db, userId, limit: ACTIVITY_LIMIT }),
    db
      .selectFrom('analytics_event')
      .select(['props', 'occurred_at'])
      .where('user_id', '=', userId)
      .where('type', '=', 'search_performed')
      .orderBy('occurred_at', 'desc')
      .orderBy('id', 'desc')
      .limit(SEARCH_SCAN_LIMIT)
      .execute(),
  ]);
  const seen = new Set<string>();
  const searches: ActivityResponse['searches'] = [];
  for (const event of events) {
    let q: unknown;
    try {
      q = (JSON.parse(event.props) as { q?: unknown }).q;
    } catch {
      continue;
    }
    if (typeof q !== 'string' || q.trim() === '') continue;
    const key = q.trim().toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    searches.push({ q: q.trim(), occurredAt: new Date(event.occurred_at).toISOString() });
    if (searches.length === ACTIVITY_LIMIT) break;
  }
  const made = madeDrinks.map((drink) => ({
    id: drink.id,
    cocktailId: drink.cocktail.id,
    name: drink.cocktail.name,
    madeAt: drink.madeAt,
  }));
  return { favorites, searches, made };
}
