/** The user's private notes on cocktails: read, save, delete. */
import type { Note } from '@/shared/schemas/collections';
import { deleteValue, isoAt, writeConflict, writeUnlessDeletedSince } from '../lib/newer-change';
import { iso } from '../lib/iso';
import { requireCocktail, type UserScope } from './scope';

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
 * @param madeAt a write queued offline: when it was made, ms since the epoch (http/write-age.ts; null or absent: a
 *   live write, stamped `now`). Such a write is stamped with it, and stores the text only where the note last changed
 *   at or before then and was not deleted after it, in one transaction (lib/newer-change.ts).
 * @throws AppError NOT_FOUND (cocktail); WRITE_CONFLICT (409) for a queued write older than the note's last change.
 */
export async function saveNote({
  db,
  userId,
  cocktailId,
  text,
  madeAt = null,
  now = () => new Date(),
}: UserScope & { cocktailId: number; text: string; madeAt?: number | null; now?: () => Date }): Promise<Note> {
  await requireCocktail(db, userId, cocktailId);
  if (text.trim() === '') return deleteNote({ db, userId, cocktailId, madeAt });
  if (madeAt !== null) {
    const at = isoAt(madeAt);
    await writeUnlessDeletedSince(db, { userId, kind: 'note', itemId: cocktailId }, madeAt, async (trx) => {
      const result = await trx
        .insertInto('cocktail_note')
        .values({ user_id: userId, cocktail_id: cocktailId, text, updated_at: at })
        .onConflict((conflict) =>
          conflict
            .columns(['user_id', 'cocktail_id'])
            .doUpdateSet({ text, updated_at: at })
            .where('cocktail_note.updated_at', '<=', at),
        )
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) throw writeConflict();
      return true;
    });
    return { cocktailId, text, updatedAt: at };
  }
  const at = now().toISOString();
  await db
    .insertInto('cocktail_note')
    .values({ user_id: userId, cocktail_id: cocktailId, text, updated_at: at })
    .onConflict((conflict) => conflict.columns(['user_id', 'cocktail_id']).doUpdateSet({ text, updated_at: at }))
    .execute();
  return { cocktailId, text, updatedAt: iso(at) };
}

/**
 * Deletes the user's note on a cocktail and records the deletion (lib/newer-change.ts deleteValue). Idempotent.
 * @param madeAt a write queued offline: when it was made, ms since the epoch (null or absent: a live write).
 * @returns the empty note.
 * @throws AppError WRITE_CONFLICT (409) for a queued write older than the note's last change (nothing deleted).
 */
export async function deleteNote({
  db,
  userId,
  cocktailId,
  madeAt = null,
}: UserScope & { cocktailId: number; madeAt?: number | null }): Promise<Note> {
  await deleteValue(db, { userId, kind: 'note', itemId: cocktailId }, madeAt);
  return { cocktailId, text: '', updatedAt: null };
}
