/** The drinks the user records as made: record, list, count. */
import { type MadeDrink, type MadeList } from '@/shared/schemas/my-bar';
import { AppError } from '../errors';
import { iso } from '../lib/iso';
import type { UserScope } from './bar-rows';
import { getMatchModel } from '../catalogue';
import { ownRecipeName } from '../recipes';

/** Most made drinks `GET /api/me/made` lists (the newest). */
export const MADE_LIST_LIMIT = 100;
/** How far ahead of the server's clock a made drink's time may be (client clocks drift), ms. */
export const MADE_AT_CLOCK_SKEW_MS = 5 * 60_000;
/** The earliest time a made drink may carry (the schema admits year 0000, which PostgreSQL cannot store). */
export const MADE_AT_EARLIEST = '1900-01-01T00:00:00.000Z';

/**
 * Records that the user made a public cocktail or one of their own recipes, with an optional note (trimmed; empty means none), at `madeAt` (ISO 8601
 * with offset; default now). Made drinks are never deduplicated: each one is a separate event.
 * @returns the made drink.
 * @throws AppError NOT_FOUND when no public cocktail nor own recipe of the user has this id; VALIDATION_FAILED (naming madeAt) when `madeAt` is more
 *   than {@link MADE_AT_CLOCK_SKEW_MS} ahead of the server's clock or before {@link MADE_AT_EARLIEST}.
 */
export async function recordMadeDrink({
  db,
  userId,
  cocktailId,
  note,
  madeAt,
  now = () => new Date(),
}: UserScope & { cocktailId: number; note?: string; madeAt?: string; now?: () => Date }): Promise<MadeDrink> {
  const model = await getMatchModel(db);
  const index = model.cocktailIndex.get(cocktailId);
  const name = index === undefined ? await ownRecipeName(db, userId, cocktailId) : model.cocktailNames[index];
  if (name === null || name === undefined) throw new AppError('NOT_FOUND', `no cocktail has id ${cocktailId}`);
  const at = madeAt === undefined ? now() : new Date(madeAt);
  if (Number.isNaN(at.getTime())) throw new AppError('VALIDATION_FAILED', 'madeAt must be an ISO 8601 date and time');
  if (at.getTime() > now().getTime() + MADE_AT_CLOCK_SKEW_MS) {
    throw new AppError('VALIDATION_FAILED', 'madeAt must not be in the future');
  }
  if (at.getTime() < Date.parse(MADE_AT_EARLIEST)) {
    throw new AppError('VALIDATION_FAILED', `madeAt must not be before ${MADE_AT_EARLIEST.slice(0, 10)}`);
  }
  const text = note?.trim() ? note.trim() : null;
  const row = await db
    .insertInto('made_drink')
    .values({ user_id: userId, cocktail_id: cocktailId, made_at: at.toISOString(), note: text })
    .returning(['id', 'made_at'])
    .executeTakeFirstOrThrow();
  return {
    id: Number(row.id),
    cocktail: { id: cocktailId, name },
    madeAt: iso(row.made_at),
    note: text,
  };
}

/** The user's latest made drinks, newest first (ties by id), at most `limit`, with the cocktail's name. */
export async function listRecentMadeDrinks({ db, userId, limit }: UserScope & { limit: number }): Promise<MadeDrink[]> {
  const rows = await db
    .selectFrom('made_drink')
    .innerJoin('cocktail', 'cocktail.id', 'made_drink.cocktail_id')
    .select(['made_drink.id', 'made_drink.cocktail_id', 'cocktail.name', 'made_drink.made_at', 'made_drink.note'])
    .where('made_drink.user_id', '=', userId)
    .orderBy('made_drink.made_at', 'desc')
    .orderBy('made_drink.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    cocktail: { id: Number(row.cocktail_id), name: row.name },
    madeAt: iso(row.made_at),
    note: row.note,
  }));
}

/** How many drinks the user recorded as made. */
export async function countMadeDrinks({ db, userId }: UserScope): Promise<number> {
  const row = await db
    .selectFrom('made_drink')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The user's made drinks: the newest {@link MADE_LIST_LIMIT}, newest first, and how many there are in all. */
export async function listMadeDrinks({ db, userId }: UserScope): Promise<MadeList> {
  const [items, total] = await Promise.all([
    listRecentMadeDrinks({ db, userId, limit: MADE_LIST_LIMIT }),
    countMadeDrinks({ db, userId }),
  ]);
  return { items, total };
}
