import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * My Bar: the catalogue facts matching needs, and the user's own rows.
 * Catalogue (written only by the seeder):
 * - ingredient.aliases: other names people type for it, a JSON array of strings (default '[]');
 * - ingredient_part: a house-made ingredient's parts (simple syrup: sugar, water); primary key (ingredient_id, part_id),
 *   both deleted with either ingredient;
 * - cocktail_ingredient_substitute: ingredients a recipe line accepts instead of its own; primary key (cocktail_id,
 *   position, ingredient_id); deleted with the cocktail (the seeder rewrites them with the lines).
 * The user's (each deleted with the user):
 * - bar_item: the bottles a user owns, (user_id, ingredient_id) primary key;
 * - shopping_item: the shopping list, same shape;
 * - made_drink: each 'I made this' (id, cocktail, when, optional note), deleted with the cocktail too; an index serves
 *   "this user's made drinks, newest first";
 * - ingredient_swap: 'I use to_id for from_id', primary key (user_id, from_id, to_id).
 * Ingredient foreign keys of the user's rows cascade too: the seeder never deletes ingredients, and a row that names a
 * vanished ingredient would mean nothing.
 */
export function myBarMigration(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const timestamp = pg ? 'timestamptz' : 'text';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('ingredient')
        .addColumn('aliases', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();

      await db.schema
        .createTable('ingredient_part')
        .addColumn('ingredient_id', 'integer', (c) => c.notNull().references('ingredient.id').onDelete('cascade'))
        .addColumn('part_id', 'integer', (c) => c.notNull().references('ingredient.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('ingredient_part_pk', ['ingredient_id', 'part_id'])
        .execute();
      await db.schema.createIndex('ingredient_part_part_id_idx').on('ingredient_part').column('part_id').execute();

      await db.schema
        .createTable('cocktail_ingredient_substitute')
        .addColumn('cocktail_id', 'integer', (c) => c.notNull().references('cocktail.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull().check(sql`position >= 0`))
        .addColumn('ingredient_id', 'integer', (c) => c.notNull().references('ingredient.id'))
        .addPrimaryKeyConstraint('cocktail_ingredient_substitute_pk', ['cocktail_id', 'position', 'ingredient_id'])
        .execute();
      await db.schema
        .createIndex('cocktail_ingredient_substitute_ingredient_id_idx')
        .on('cocktail_ingredient_substitute')
        .column('ingredient_id')
        .execute();

      for (const table of ['bar_item', 'shopping_item']) {
        await db.schema
          .createTable(table)
          .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
          .addColumn('ingredient_id', 'integer', (c) => c.notNull().references('ingredient.id').onDelete('cascade'))
          .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
          .addPrimaryKeyConstraint(`${table}_pk`, ['user_id', 'ingredient_id'])
          .execute();
        await db.schema.createIndex(`${table}_ingredient_id_idx`).on(table).column('ingredient_id').execute();
      }

      await db.schema
        .createTable('made_drink')
        .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('cocktail_id', 'integer', (c) => c.notNull().references('cocktail.id').onDelete('cascade'))
        .addColumn('made_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('note', 'text')
        .execute();
      await db.schema
        .createIndex('made_drink_user_made_idx')
        .on('made_drink')
        .columns(['user_id', 'made_at'])
        .execute();
      await db.schema.createIndex('made_drink_cocktail_id_idx').on('made_drink').column('cocktail_id').execute();

      await db.schema
        .createTable('ingredient_swap')
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('from_id', 'integer', (c) => c.notNull().references('ingredient.id').onDelete('cascade'))
        .addColumn('to_id', 'integer', (c) => c.notNull().references('ingredient.id').onDelete('cascade'))
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('ingredient_swap_pk', ['user_id', 'from_id', 'to_id'])
        .addCheckConstraint('ingredient_swap_distinct', sql`from_id <> to_id`)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'ingredient_swap',
        'made_drink',
        'shopping_item',
        'bar_item',
        'cocktail_ingredient_substitute',
        'ingredient_part',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
      await db.schema.alterTable('ingredient').dropColumn('aliases').execute();
    },
  };
}
