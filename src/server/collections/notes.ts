/** The user's private notes on cocktails: read, save, delete. */
import type { Note } from '@/shared/schemas/collections';
import { requireCocktail, iso, type UserScope } from './scope';

/** The user's note on a cocktail (text '' and updatedAt null when there is none). @throws NOT_FOUND (cocktail). */
export async function getNote({ db, userId, cocktailId }: UserScope & { cocktailId: number }): Promise<Note> {
  await requireCocktail(db, userId, cocktailId);
  const row = await db
    .selectFrom('cocktail_note')
    .select(['text', 'updated_at'])
    .where('user_id', '=', userId)
    .where('cocktail_id', '=', cocktailId)
    .executeTakeFirst();
  return { cocktailId, text: row?.text ?? '', updatedAt: row ? iso(row.updated_at) : null };
}

/**
 * Saves the user's note on a cocktail as given; a text of only white space deletes it.
 * @throws AppError NOT_FOUND (cocktail).
 */
export async function saveNote({
  db,
  userId,
  cocktailId,
  text,
  now = () => new Date(),
}: UserScope & { cocktailId: number; text: string; now?: () => Date }): Promise<Note> {
  await requireCocktail(db, userId, cocktailId);
  if (text.trim() === '') return deleteNote({ db, userId, cocktailId });
  const at = now().toISOString();
  await db
    .insertInto('cocktail_note')
    .values({ user_id: userId, cocktail_id: cocktailId, text, updated_at: at })
    .onConflict((conflict) => conflict.columns(['user_id', 'cocktail_id']).doUpdateSet({ text, updated_at: at }))
    .execute();
  return { cocktailId, text, updatedAt: iso(at) };
}

/** Deletes the user's note on a cocktail. Idempotent. @returns the empty note. */
export async function deleteNote({ db, userId, cocktailId }: UserScope & { cocktailId: number }): Promise<Note> {
  await db.deleteFrom('cocktail_note').where('user_id', '=', userId).where('cocktail_id', '=', cocktailId).execute();
  return { cocktailId, text: '', updatedAt: null };
}

/**
 * When the user's note on a cocktail last changed, for the conflict rule of queued writes (http/write-age.ts).
 * @returns updated_at (ISO text on SQLite, a Date on PostgreSQL), or undefined when there is no note.
 */
export async function noteChangedAt({
  db,
  userId,
  cocktailId,
}: UserScope & { cocktailId: number }): Promise<Date | string | undefined> {
  const row = await db
    .selectFrom('cocktail_note')
    .select('updated_at')
    .where('user_id', '=', userId)
    .where('cocktail_id', '=', cocktailId)
    .executeTakeFirst();
  return row?.updated_at;
}
