import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * `cocktail_saves`: how many members saved each cocktail (its rows in `user_favorites`), kept by triggers on every insert
 * and delete there (a user's deletion cascades through them too), so search ranking reads a few hundred counts instead
 * of counting every favorite: at 10 million favorites that count held SQLite's only connection for seconds. Filled from
 * the favorites already there. Cocktails nobody saved may have no row or a row at 0.
 */
export function cocktailSavesMigration(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  return {
    async up(db: Kysely<unknown>) {
      await sql`create table cocktail_saves (
        cocktail_id integer primary key references cocktail (id) on delete cascade,
        saves integer not null default 0
      )`.execute(db);
      await sql`insert into cocktail_saves (cocktail_id, saves)
        select cocktail_id, count(*) from user_favorites group by cocktail_id`.execute(db);
      if (pg) {
        await sql`create function user_favorites_saves() returns trigger language plpgsql as $$
          begin
            if tg_op = 'INSERT' then
              insert into cocktail_saves (cocktail_id, saves) values (new.cocktail_id, 1)
                on conflict (cocktail_id) do update set saves = cocktail_saves.saves + 1;
            else
              update cocktail_saves set saves = saves - 1 where cocktail_id = old.cocktail_id;
            end if;
            return null;
          end $$`.execute(db);
        await sql`create trigger user_favorites_saves after insert or delete on user_favorites
          for each row execute function user_favorites_saves()`.execute(db);
      } else {
        await sql`create trigger user_favorites_saves_ai after insert on user_favorites begin
          insert into cocktail_saves (cocktail_id, saves) values (new.cocktail_id, 1)
            on conflict (cocktail_id) do update set saves = saves + 1;
        end`.execute(db);
        await sql`create trigger user_favorites_saves_ad after delete on user_favorites begin
          update cocktail_saves set saves = saves - 1 where cocktail_id = old.cocktail_id;
        end`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      if (pg) {
        await sql`drop trigger if exists user_favorites_saves on user_favorites`.execute(db);
        await sql`drop function if exists user_favorites_saves()`.execute(db);
      } else {
        await sql`drop trigger if exists user_favorites_saves_ai`.execute(db);
        await sql`drop trigger if exists user_favorites_saves_ad`.execute(db);
      }
      await sql`drop table if exists cocktail_saves`.execute(db);
    },
  };
}
