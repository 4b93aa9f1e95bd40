import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { FAVORITES_PAGE_SIZE } from '@/shared/schemas/favorites';
import { dialectOf } from '../db/database';
import { idsOfText, orderedIdsText } from '../db/ordered-ids';
import { precompiledPerDatabase } from '../db/precompiled';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { getCatalogueVersion, loadSummaryJsonByIds } from '../catalogue';
import { changedAfter, deleteValue, isoAt, writeConflict, writeUnlessDeletedSince } from '../lib/newer-change';

/** What `GET /api/me/favorites` answers from before any card is loaded: the user's ids and the page's ETag. */
export interface FavoritesState {
  /**
   * Every favorite's cocktail id, newest first (ties by cocktail id, highest first), comma-separated as the database
   * aggregated them (db/ordered-ids.ts; '' for none): `[${idsText}]` is the answer's `ids`, so a kept answer needs no
   * parse. {@link idsOfText} gives the numbers.
   */
  idsText: string;
  /** How many ids `idsText` holds. */
  count: number;
  /** Weak ETag of the page's answer, `W/"<catalogue version>-<digest>"`: see {@link readFavoritesState}. */
  etag: string;
}

/**
 * The state of page `page` of `GET /api/me/favorites` as `userId` would get it now, from one query of the user's own
 * rows (their cocktail ids in order) and the catalogue version, read together; the body is then built from these very
 * ids ({@link favoritePageJson}), so a request reads the user's rows once.
 *
 * The ETag digests the user's id, the page and the whole ordered list of ids, and names the catalogue version (the cards
 * change with the catalogue). Why it changes with the answer, and only then:
 * - the body is a function of exactly these inputs (the ids, the page, and the cards of this catalogue version), so a
 *   write that changes the list or its order (an add, a delete, a delete and an add of a different cocktail, a remove and
 *   re-add that moves a cocktail, in any millisecond and on any clock) changes the tag; a write that changes no row (an
 *   add of a favorite already there, a delete of one that is not) keeps it, as the answer is the same.
 * - the user's id is in it, so one user's ETag never matches another user's list (a browser shared by two accounts), even
 *   when the two lists are equal.
 * - the tag and the body's ids come from the same read, so a write landing during the request cannot put one list under
 *   another list's tag.
 * Equal tags therefore mean equal bodies (up to a 96-bit digest collision), which is what the per-process answer cache
 * (answer-cache.ts) rests on. The catalogue version is read before the cards, so a body is never older than its tag.
 * @returns `{idsText, count, etag}`; the tag is opaque to clients.
 * @throws the database's error.
 */
export async function readFavoritesState({
  db,
  userId,
  page,
}: {
  db: Kysely<Database>;
  userId: string;
  page: number;
}): Promise<FavoritesState> {
  const [idsText, catalogueVersion] = await Promise.all([favoriteIdsText(db, userId), getCatalogueVersion(db)]);
  // The text is digested as the list it spells ([userId, page, ids] as JSON), so tags stay what they were.
  const digest = createHash('sha1')
    .update(`[${JSON.stringify(userId)},${page},[${idsText}]]`)
    .digest('base64url')
    .slice(0, 16);
  const count = idsText === '' ? 0 : countCommas(idsText) + 1;
  return { idsText, count, etag: `W/"${catalogueVersion}-${digest}"` };
}

/** How many commas `text` holds. */
function countCommas(text: string): number {
  let commas = 0;
  for (let at = text.indexOf(','); at !== -1; at = text.indexOf(',', at + 1)) commas += 1;
  return commas;
}

/**
 * The JSON text of page `page` of a favorites answer (a FavoriteList, `{ids, items, page, pageSize, total}` in that key
 * order) for the ids a {@link readFavoritesState} read (`state`). `items` holds the cards of that page only, 0-based, with
 * {@link FAVORITES_PAGE_SIZE} a page (a page past the end has none; an id with no public cocktail has no card). The cards
 * are spliced in as the catalogue keeps them serialised (loadSummaryJsonByIds), so no card is parsed, and the text is
 * what `JSON.stringify` gives for the parsed list.
 * @throws the database's error when cards must be read and cannot be.
 */
export async function favoritePageJson({
  db,
  state,
  page,
}: {
  db: Kysely<Database>;
  state: Pick<FavoritesState, 'idsText' | 'count'>;
  page: number;
}): Promise<string> {
  const start = page * FAVORITES_PAGE_SIZE;
  const pageIds = start < state.count ? idsOfText(state.idsText).slice(start, start + FAVORITES_PAGE_SIZE) : [];
  const cards = pageIds.length > 0 ? await loadSummaryJsonByIds(db, pageIds) : [];
  const tail = `"page":${JSON.stringify(page)},"pageSize":${FAVORITES_PAGE_SIZE},"total":${state.count}`;
  return `{"ids":[${state.idsText}],"items":[${cards.join(',')}],${tail}}`;
}

/**
 * One user's favorite cocktail ids, newest first (ties by cocktail id, highest first), in one query. Only `userId`'s rows
 * are read.
 * @throws the database's error.
 */
export async function listFavoriteIds({ db, userId }: { db: Kysely<Database>; userId: string }): Promise<number[]> {
  return idsOfText(await favoriteIdsText(db, userId));
}

/** One user's favorite ids as {@link FavoritesState.idsText} gives them, in one query. */
async function favoriteIdsText(db: Kysely<Database>, userId: string): Promise<string> {
  const [row] = await favoriteIdQuery(db)(userId);
  return row?.ids ?? '';
}

/**
 * A user's favorite ids, newest first (ties by cocktail id, highest first), as one text (db/ordered-ids.ts), compiled
 * once per database client. On SQLite an ordered subquery feeds a plain `group_concat`: the subquery reads the index
 * (user_id, created_at, cocktail_id) backwards, already in order, where `group_concat(... order by ...)` sorts the rows
 * again. SQLite never flattens a subquery that has an ORDER BY into an aggregate query, so the rows reach the aggregate
 * in that order; tests check the order.
 */
const favoriteIdQuery = precompiledPerDatabase(
  (q: Kysely<Database>, userId) =>
    dialectOf(q) === 'postgres'
      ? q
          .selectFrom('user_favorites')
          .select(orderedIdsText(q, 'cocktail_id', 'created_at desc, cocktail_id desc').as('ids'))
          .where('user_id', '=', userId as string)
      : q
          .selectFrom((inner) =>
            inner
              .selectFrom('user_favorites')
              .select('cocktail_id')
              .where('user_id', '=', userId as string)
              .orderBy('created_at', 'desc')
              .orderBy('cocktail_id', 'desc')
              .as('newest_first'),
          )
          .select(sql<string | null>`group_concat(cocktail_id, ',')`.as('ids')),
  1,
);

/**
 * Inserts a favorite of a public cocktail, stamped `at` (ISO text), in one statement.
 * @returns false when nothing was inserted: the favorite was there, or no public cocktail has this id.
 */
async function insertFavorite(db: Kysely<Database>, userId: string, cocktailId: number, at: string): Promise<boolean> {
  const values =
    dialectOf(db) === 'postgres'
      ? sql`CAST(${userId} AS text), id, CAST(${at} AS timestamptz)`
      : sql`${userId}, id, ${at}`;
  const inserted = await sql`INSERT INTO user_favorites (user_id, cocktail_id, created_at)
    SELECT ${values} FROM cocktail WHERE id = ${cocktailId} AND venue_id IS NULL AND owner_id IS NULL
    ON CONFLICT (user_id, cocktail_id) DO NOTHING`.execute(db);
  return Number(inserted.numAffectedRows ?? 0) > 0;
}

/** @throws AppError NOT_FOUND when no public cocktail has this id. */
async function requirePublicCocktail(db: Kysely<Database>, cocktailId: number): Promise<void> {
  const cocktail = await db
    .selectFrom('cocktail')
    .select('id')
    .where('id', '=', cocktailId)
    .where('venue_id', 'is', null)
    .where('owner_id', 'is', null)
    .executeTakeFirst();
  if (!cocktail) throw new AppError('NOT_FOUND', `no cocktail has id ${cocktailId}`);
}

/**
 * Adds a cocktail to a user's favorites. Idempotent: adding one already there keeps its original time.
 * @param madeAt a write queued offline: when it was made, ms since the epoch (http/write-age.ts; null or absent: a
 *   live write). Such a write is stamped with it and, in the same transaction, refused when the favorite was added
 *   after it or removed after it (lib/newer-change.ts).
 * @param now the clock that stamps `created_at` of a live write (default the system clock; tests pass their own to
 *   order rows without waiting).
 * @throws AppError NOT_FOUND when no public cocktail has this id; WRITE_CONFLICT (409) for a queued write older than
 *   the favorite's last change (nothing written).
 */
export async function addFavorite({
  db,
  userId,
  cocktailId,
  madeAt = null,
  now = () => new Date(),
}: {
  db: Kysely<Database>;
  userId: string;
  cocktailId: number;
  madeAt?: number | null;
  now?: () => Date;
}): Promise<{ cocktailId: number; favorite: true }> {
  if (madeAt !== null) {
    await writeUnlessDeletedSince(db, { userId, kind: 'favorite', itemId: cocktailId }, madeAt, async (trx) => {
      if (await insertFavorite(trx, userId, cocktailId, isoAt(madeAt))) return true;
      const row = await trx
        .selectFrom('user_favorites')
        .select('created_at')
        .where('user_id', '=', userId)
        .where('cocktail_id', '=', cocktailId)
        .executeTakeFirst();
      if (row && !changedAfter(row.created_at, madeAt)) return false;
      if (!row) await requirePublicCocktail(trx, cocktailId);
      throw writeConflict();
    });
    return { cocktailId, favorite: true };
  }
  // One statement inserts only a public cocktail; when it inserts nothing, the favorite was there or the cocktail is not.
  if (!(await insertFavorite(db, userId, cocktailId, now().toISOString()))) await requirePublicCocktail(db, cocktailId);
  return { cocktailId, favorite: true };
}

/**
 * Removes a cocktail from a user's favorites and records the removal (lib/newer-change.ts deleteValue). Idempotent:
 * removing one that is not there succeeds.
 * @param madeAt a write queued offline: when it was made, ms since the epoch (null or absent: a live write).
 * @throws AppError WRITE_CONFLICT (409) for a queued write made before the favorite was added (nothing removed).
 */
export async function removeFavorite({
  db,
  userId,
  cocktailId,
  madeAt = null,
}: {
  db: Kysely<Database>;
  userId: string;
  cocktailId: number;
  madeAt?: number | null;
}): Promise<{ cocktailId: number; favorite: false }> {
  await deleteValue(db, { userId, kind: 'favorite', itemId: cocktailId }, madeAt);
  return { cocktailId, favorite: false };
}

/** A user's latest favorites with the cocktail's name, newest first; createdAt: ISO 8601. */
export async function listRecentFavorites({
  db,
  userId,
  limit,
}: {
  db: Kysely<Database>;
  userId: string;
  limit: number;
}): Promise<{ cocktailId: number; name: string; createdAt: string }[]> {
  const rows = await db
    .selectFrom('user_favorites')
    .innerJoin('cocktail', 'cocktail.id', 'user_favorites.cocktail_id')
    .select(['user_favorites.cocktail_id', 'cocktail.name', 'user_favorites.created_at'])
    .where('user_favorites.user_id', '=', userId)
    .orderBy('user_favorites.created_at', 'desc')
    .orderBy('user_favorites.cocktail_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    cocktailId: Number(row.cocktail_id),
    name: row.name,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
