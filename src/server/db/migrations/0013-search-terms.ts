import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';
import type { Database } from '../types';
import { buildSearchKeys } from '../../catalogue/search/search-text';
import { writeSearchTerms } from '../../catalogue/search/search-vocabulary';

/**
 * The search that forgives and ranks (ADR 001). The cocktail's search columns are split by where a word was
 * found, since a name match ranks before a match in the other fields, which ranks before one in the description:
 * `name_key` (as before), `search_text` (now only base spirit, category, technique, glassware and ingredient names, one
 * per line) and the new `description_key`. Every cocktail's columns are recomputed here.
 *
 * `search_term` is the public catalogue's vocabulary (each word and the number of cocktails holding it), rebuilt after
 * every catalogue write: PostgreSQL finds a typed word's likely corrections in it by trigram similarity (`%`, pg_trgm's
 * GIN index) and its continuations by prefix (the primary key, "C" collation). SQLite searches in memory only: its FTS5
 * trigram tables and their triggers (0002), which served the substring search, are dropped.
 */
export function searchTermsMigration(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  return {
    async up(db: Kysely<unknown>) {
      await sql`alter table cocktail add column description_key text not null default ''`.execute(db);
      await sql`create table search_term (
        term text ${pg ? sql`collate "C"` : sql``} primary key,
        doc_count integer not null
      )`.execute(db);
      if (pg) {
        await sql`create index search_term_trgm_idx on search_term using gin (term gin_trgm_ops)`.execute(db);
        await sql`create index cocktail_description_key_trgm_idx on cocktail using gin (description_key gin_trgm_ops)
          where venue_id is null`.execute(db);
      } else {
        for (const trigger of ['cocktail_search_au', 'cocktail_search_ad', 'cocktail_search_ai']) {
          await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
        }
        await sql`drop table if exists cocktail_name_search`.execute(db);
        await sql`drop table if exists cocktail_search`.execute(db);
      }
      await recomputeSearchColumns(db as Kysely<Database>);
      await writeSearchTerms(db as Kysely<Database>, { ownerColumn: false });
    },
    async down(db: Kysely<unknown>) {
      if (pg) {
        await sql`drop index if exists cocktail_description_key_trgm_idx`.execute(db);
      }
      await sql`drop table if exists search_term`.execute(db);
      await sql`alter table cocktail drop column description_key`.execute(db);
    },
  };
}

/** Cocktails whose search columns are recomputed per statement batch. */
const BATCH = 500;

/**
 * Recomputes every cocktail's name_key, search_text and description_key (buildSearchKeys), in id order and batches, inside
 * the migration's transaction.
 */
async function recomputeSearchColumns(db: Kysely<Database>): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('cocktail')
      .select(['id', 'name', 'base_spirit', 'category', 'description', 'technique', 'glassware'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    const ids = rows.map((row) => Number(row.id));
    const lines = await db
      .selectFrom('cocktail_ingredient')
      .innerJoin('ingredient', 'ingredient.id', 'cocktail_ingredient.ingredient_id')
      .select(['cocktail_ingredient.cocktail_id', 'ingredient.name'])
      .where('cocktail_ingredient.cocktail_id', 'in', ids)
      .orderBy('cocktail_ingredient.cocktail_id')
      .orderBy('cocktail_ingredient.position')
      .execute();
    const names = new Map<number, string[]>();
    for (const line of lines) {
      const list = names.get(Number(line.cocktail_id)) ?? [];
      list.push(line.name);
      names.set(Number(line.cocktail_id), list);
    }
    for (const row of rows) {
      await db
        .updateTable('cocktail')
        .set(buildSearchKeys(row, names.get(Number(row.id)) ?? []))
        .where('id', '=', row.id)
        .execute();
    }
    after = ids[ids.length - 1] as number;
  }
}
