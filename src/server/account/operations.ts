import type { Kysely } from 'kysely';
import { ACTIVITY_LIMIT, type ActivityResponse, type LinkedAccount, type MeResponse } from '@/shared/schemas/account';
import type { SessionUser } from '@/shared/schemas/session';
import type { Database } from '../db/types';
import { countFavorites, listRecentFavorites } from '../favorites';
import { countMadeDrinks, listRecentMadeDrinks } from '../my-bar';
import { getSubscriptionStatus } from '../payments';

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
 * The signed-in user's profile summary: the user, the plan and active entitlements (with every entitlement's details,
 * judged now), role 'User', the number of favorites and of made drinks (kept after a plan lapses), the linked accounts,
 * and which providers the server offers.
 */
export async function getMe({
  db,
  user,
  providers,
}: {
  db: Kysely<Database>;
  user: SessionUser;
  providers: { google: boolean; facebook: boolean };
}): Promise<MeResponse> {
  const [favorites, made, accounts, subscription] = await Promise.all([
    countFavorites({ db, userId: user.id }),
    countMadeDrinks({ db, userId: user.id }),
    listLinkedAccounts({ db, userId: user.id }),
    getSubscriptionStatus({ db, userId: user.id }),
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
