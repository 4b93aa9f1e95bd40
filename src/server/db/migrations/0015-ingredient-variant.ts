import { sql, type Kysely, type Migration } from 'kysely';

/**
 * `ingredient.is_variant` (0 or 1, default 0): the ingredient sits below its parent for browsing, but does not stand in
 * for it in a recipe (citron vodka below vodka, spiced rum below rum). My Bar's matching walks the hierarchy only
 * through ingredients that do stand in (docs/domain.md "Which child stands in for its parent"). The seed sets it.
 */
export function ingredientVariantMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`alter table ingredient add column is_variant integer not null default 0`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`alter table ingredient drop column is_variant`.execute(db);
    },
  };
}
