import { sql, type Kysely, type Migration } from 'kysely';

/**
 * `cocktail.served_over_ice` (0, 1 or null): whether each glass of the recipe is served on fresh ice, as the trade serves
 * it (a Sazerac neat in a rocks glass: 0; an Aperol Spritz in a wine glass: 1). Null, the value of every row written
 * before this column and of venue recipes that do not say, means the glass decides (shared/domain/batch-service.ts
 * `isServedOverIce`). The seed sets it for every catalogue recipe. A plain nullable integer column: the same statement
 * on SQLite and PostgreSQL.
 */
export function servedOverIceMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`alter table cocktail add column served_over_ice integer`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`alter table cocktail drop column served_over_ice`.execute(db);
    },
  };
}
