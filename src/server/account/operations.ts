import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { countFavourites, listRecentFavourites } from '../favourites/operations';

/** A way into the account, as `GET /api/me` lists it. createdAt: ISO 8601. */
export interface LinkedAccount {
  /** better-auth's account row id (what `POST /api/auth/unlink-account` takes as accountId). */
  id: string;
  providerId: 'google' | 'facebook' | 'magic-link' | string;
  /** The provider's id for the user (the email for 'magic-link'). */
  accountId: string;
  createdAt: string;
}

/** `GET /api/me` answer. Dates are ISO 8601 strings. */
export interface MeResponse {
  user: {
    id: string;
    email: string;
    name: string;
    image: string | null;
    createdAt: string;
    updatedAt: string;
    emailVerified: boolean;
    twoFactorEnabled: boolean;
  };
  /** 'free' until entitlements arrive with the payments issue. */
  plan: 'free';
  entitlements: string[];
  role: 'User';
  counts: { favorites: number };
  accounts: LinkedAccount[];
  /** Which provider sign-ins this server offers (for link buttons). */
  providers: { google: boolean; facebook: boolean };
}

/** The user fields `getMe` reports, as the session gives them. */
export interface MeUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  createdAt: Date;
  updatedAt: Date;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
}

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
 * The signed-in user's profile summary: the user, plan 'free' with no entitlements, role 'User', the number of favourites,
 * the linked accounts, and which providers the server offers.
 */
export async function getMe({
  db,
  user,
  providers,
}: {
  db: Kysely<Database>;
  user: MeUser;
  providers: { google: boolean; facebook: boolean };
}): Promise<MeResponse> {
  const [favorites, accounts] = await Promise.all([
    countFavourites({ db, userId: user.id }),
    listLinkedAccounts({ db, userId: user.id }),
  ]);
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      image: user.image,
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
    },
    plan: 'free',
    entitlements: [],
    role: 'User',
    counts: { favorites },
    accounts,
    providers,
  };
}

/** How many entries each list of `GET /api/me/activity` holds at most. */
export const ACTIVITY_LIMIT = 10;
/** Search events read to find the latest distinct queries. */
const SEARCH_SCAN_LIMIT = 200;

/** `GET /api/me/activity` answer: latest favourites and latest distinct searches, newest first (ISO 8601 times). */
export interface ActivityResponse {
  favorites: { cocktailId: number; name: string; createdAt: string }[];
  searches: { q: string; occurredAt: string }[];
}

/**
 * A user's recent activity: their 10 latest favourites (with cocktail names) and their 10 latest distinct searches (from
 * `search_performed` events attributed to them; queries compared trimmed and case-insensitively, the newest spelling kept).
 */
export async function getActivity({ db, userId }: { db: Kysely<Database>; userId: string }): Promise<ActivityResponse> {
  const [favorites, events] = await Promise.all([
    listRecentFavourites({ db, userId, limit: ACTIVITY_LIMIT }),
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
  return { favorites, searches };
}
