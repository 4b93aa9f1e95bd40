import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * Substring search over the public catalogue's `cocktail.search_text` and `cocktail.name_key`
 * (see docs/decisions/001-one-server-two-databases.md).
 *
 * - PostgreSQL: pg_trgm GIN indexes (partial: venue_id is null), so `LIKE '%q%'` is answered from an index for q of 3+
 *   characters.
 * - SQLite: two contentless FTS5 tables with the trigram tokenizer, `cocktail_search` (search_text) and
 *   `cocktail_name_search` (name_key), holding public cocktails only and kept in step with `cocktail` by triggers. A phrase
 *   query `"q"` on them returns the ids of rows containing q as a substring (q of 3+ characters).
 */
export function catalogueSearchMigration(dialect: Dialect): Migration {
  if (dialect === 'postgres') {
    return {
      async up(db: Kysely<unknown>) {
        await sql`create extension if not exists pg_trgm`.execute(db);
        await sql`create index cocktail_search_text_trgm_idx on cocktail using gin (search_text gin_trgm_ops)
          where venue_id is null`.execute(db);
        await sql`create index cocktail_name_key_trgm_idx on cocktail using gin (name_key gin_trgm_ops)
          where venue_id is null`.execute(db);
      },
      async down(db: Kysely<unknown>) {
        await sql`drop index if exists cocktail_name_key_trgm_idx`.execute(db);
        await sql`drop index if exists cocktail_search_text_trgm_idx`.execute(db);
      },
    };
  }
  return {
    async up(db: Kysely<unknown>) {
      await sql`create virtual table cocktail_search using fts5(
        search_text, content='', contentless_delete=1, tokenize='trigram case_sensitive 1'
      )`.execute(db);
      await sql`create virtual table cocktail_name_search using fts5(
        name_key, content='', contentless_delete=1, tokenize='trigram case_sensitive 1'
      )`.execute(db);
      await sql`create trigger cocktail_search_ai after insert on cocktail when new.venue_id is null begin
        insert into cocktail_search(rowid, search_text) values (new.id, new.search_text);
        insert into cocktail_name_search(rowid, name_key) values (new.id, new.name_key);
      end`.execute(db);
      await sql`create trigger cocktail_search_ad after delete on cocktail when old.venue_id is null begin
        delete from cocktail_search where rowid = old.id;
        delete from cocktail_name_search where rowid = old.id;
      end`.execute(db);
      // One update trigger (SQLite does not promise an order between triggers): drop the old entry, add the new one.
      await sql`create trigger cocktail_search_au after update of name_key, search_text, venue_id on cocktail begin
        delete from cocktail_search where rowid = old.id and old.venue_id is null;
        delete from cocktail_name_search where rowid = old.id and old.venue_id is null;
        insert into cocktail_search(rowid, search_text) select new.id, new.search_text where new.venue_id is null;
        insert into cocktail_name_search(rowid, name_key) select new.id, new.name_key where new.venue_id is null;
      end`.execute(db);
      await sql`insert into cocktail_search(rowid, search_text) select id, search_text from cocktail where venue_id is null`.execute(
        db,
      );
      await sql`insert into cocktail_name_search(rowid, name_key) select id, name_key from cocktail where venue_id is null`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      for (const trigger of ['cocktail_search_au', 'cocktail_search_ad', 'cocktail_search_ai']) {
        await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
      }
      await sql`drop table if exists cocktail_name_search`.execute(db);
      await sql`drop table if exists cocktail_search`.execute(db);
    },
  };
}
