import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * A venue's signature cocktails live in `cocktail` with `venue_id` set, as ARCHITECTURE.md's data model has it.
 * Until now `venue_id` was an integer that was always null, while a venue is identified by its organization's text id; this
 * migration makes it `text references organization(id) on delete cascade` (a deleted venue takes its recipes, their lines
 * and its menu items with it), and adds `cocktail.photo`: the uploaded photo's variants as JSON (shared/schemas/venues.ts
 * `storedPhotoSchema`), null when there is none; and `venue.logo_photo`, the uploaded logo's variants the same way (the
 * organization's `logo` keeps the URL that is shown).
 *
 * PostgreSQL changes the column's type in place (every value is null) and adds the foreign key. SQLite cannot change a
 * column's type, and refuses to drop a column that an index or a trigger names: the public-catalogue indexes (0001) and the
 * FTS triggers (0002) are dropped, the column replaced, and both recreated exactly as before.
 */
export function venueRecipesMigration(dialect: Dialect): Migration {
  if (dialect === 'postgres') {
    return {
      async up(db: Kysely<unknown>) {
        await sql`alter table cocktail alter column venue_id type text using null`.execute(db);
        await sql`alter table cocktail add constraint cocktail_venue_id_fk foreign key (venue_id)
          references organization(id) on delete cascade`.execute(db);
        await sql`alter table cocktail add column photo text`.execute(db);
        await sql`alter table venue add column logo_photo text`.execute(db);
      },
      async down(db: Kysely<unknown>) {
        await sql`delete from cocktail where venue_id is not null`.execute(db);
        await sql`alter table venue drop column logo_photo`.execute(db);
        await sql`alter table cocktail drop column photo`.execute(db);
        await sql`alter table cocktail drop constraint cocktail_venue_id_fk`.execute(db);
        await sql`alter table cocktail alter column venue_id type integer using null`.execute(db);
      },
    };
  }
  return {
    async up(db: Kysely<unknown>) {
      await replaceSqliteVenueColumn(db, 'text references organization(id) on delete cascade');
      await sql`alter table cocktail add column photo text`.execute(db);
      await sql`alter table venue add column logo_photo text`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`delete from cocktail where venue_id is not null`.execute(db);
      await sql`alter table venue drop column logo_photo`.execute(db);
      await sql`alter table cocktail drop column photo`.execute(db);
      await replaceSqliteVenueColumn(db, 'integer');
    },
  };
}

/** SQLite: drops what names `cocktail.venue_id`, replaces the column with one of `definition`, recreates what was dropped. */
async function replaceSqliteVenueColumn(db: Kysely<unknown>, definition: string): Promise<void> {
  for (const trigger of ['cocktail_search_au', 'cocktail_search_ad', 'cocktail_search_ai']) {
    await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  }
  for (const index of [
    'cocktail_venue_id_idx',
    'cocktail_public_category_idx',
    'cocktail_public_spirit_idx',
    'cocktail_public_order_idx',
  ]) {
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  }
  await sql`alter table cocktail drop column venue_id`.execute(db);
  await sql`alter table cocktail add column venue_id ${sql.raw(definition)}`.execute(db);

  await sql`create index cocktail_public_order_idx on cocktail (name_key, id, base_spirit, category)
    where venue_id is null`.execute(db);
  await sql`create index cocktail_public_spirit_idx on cocktail (base_spirit, name_key, id, category)
    where venue_id is null`.execute(db);
  await sql`create index cocktail_public_category_idx on cocktail (category, name_key, id, base_spirit)
    where venue_id is null`.execute(db);
  await sql`create index cocktail_venue_id_idx on cocktail (venue_id)`.execute(db);
  await sql`create trigger cocktail_search_ai after insert on cocktail when new.venue_id is null begin
    insert into cocktail_search(rowid, search_text) values (new.id, new.search_text);
    insert into cocktail_name_search(rowid, name_key) values (new.id, new.name_key);
  end`.execute(db);
  await sql`create trigger cocktail_search_ad after delete on cocktail when old.venue_id is null begin
    delete from cocktail_search where rowid = old.id;
    delete from cocktail_name_search where rowid = old.id;
  end`.execute(db);
  await sql`create trigger cocktail_search_au after update of name_key, search_text, venue_id on cocktail begin
    delete from cocktail_search where rowid = old.id and old.venue_id is null;
    delete from cocktail_name_search where rowid = old.id and old.venue_id is null;
    insert into cocktail_search(rowid, search_text) select new.id, new.search_text where new.venue_id is null;
    insert into cocktail_name_search(rowid, name_key) select new.id, new.name_key where new.venue_id is null;
  end`.execute(db);
}
