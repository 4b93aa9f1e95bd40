import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { searchTerms } from './search-terms';

/**
 * The public catalogue's vocabulary in the database (`search_term`: every word of the public cocktails' search columns and
 * how many cocktails hold it). PostgreSQL's search path looks a typed word's corrections and continuations up in it
 * (search.ts); the in-memory engine computes the same numbers from its own postings.
 */

/** The search columns of one cocktail, as stored (search-text.ts SearchKeys). */
export interface StoredSearchKeys {
  name_key: string;
  search_text: string;
  description_key: string;
}

/** Terms of one cocktail, each once: the words of its name, other fields and description. */
export function termsOf(row: StoredSearchKeys): Set<string> {
  return new Set([...searchTerms(row.name_key), ...searchTerms(row.search_text), ...searchTerms(row.description_key)]);
}

/** Rows inserted per statement (3 parameters each, well under both drivers' limits). */
const INSERT_BATCH = 1000;
/** Cocktails read per query while counting. */
const READ_BATCH = 5000;

/**
 * Replaces `search_term` with the vocabulary of the public catalogue (cocktails of no venue and no user). Opens no
 * transaction: the seeder runs it inside its write's transaction, migration 0013 inside the migration's.
 * @param options.ownerColumn false while migrating to 0013, before `cocktail.owner_id` exists (migration 0017), when no
 *   row can be an own recipe yet.
 * @returns the number of distinct terms written.
 * @throws the database's error.
 */
export async function writeSearchTerms(
  db: Kysely<Database>,
  { ownerColumn = true }: { ownerColumn?: boolean } = {},
): Promise<number> {
  const counts = new Map<string, number>();
  let after = 0;
  for (;;) {
    let query = db
      .selectFrom('cocktail')
      .select(['id', 'name_key', 'search_text', 'description_key'])
      .where('venue_id', 'is', null);
    if (ownerColumn) query = query.where('owner_id', 'is', null);
    const rows = await query.where('id', '>', after).orderBy('id').limit(READ_BATCH).execute();
    if (rows.length === 0) break;
    for (const row of rows) for (const term of termsOf(row)) counts.set(term, (counts.get(term) ?? 0) + 1);
    after = Number(rows[rows.length - 1]?.id);
  }
  const entries = [...counts].map(([term, doc_count]) => ({ term, doc_count }));
  await db.deleteFrom('search_term').execute();
  for (let i = 0; i < entries.length; i += INSERT_BATCH) {
    await db
      .insertInto('search_term')
      .values(entries.slice(i, i + INSERT_BATCH))
      .execute();
  }
  return entries.length;
}
