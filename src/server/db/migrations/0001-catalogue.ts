import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * The catalogue: ingredient (with its parent hierarchy), cocktail, cocktail_ingredient (the recipe lines) and catalogue_meta.
 * Dialect differences: SQLite `integer primary key autoincrement` vs PostgreSQL `serial`; `real` vs `double precision`;
 * text timestamps vs `timestamptz`; the name and search keys use the "C" collation on PostgreSQL so ordering is byte order,
 * as in SQLite, and both databases sort the catalogue identically.
 */
export function catalogueMigration(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const id = pg ? 'serial' : 'integer';
  const real = pg ? 'double precision' : 'real';
  const timestamp = pg ? 'timestamptz' : 'text';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const keyText = pg ? sql`text collate "C"` : sql`text`;

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('ingredient')
        .addColumn('id', id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('parent_id', 'integer', (c) => c.references('ingredient.id').onDelete('set null'))
        .addColumn('abv', real, (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`abv >= 0 and abv <= 100`),
        )
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('ingredient_parent_id_idx').on('ingredient').column('parent_id').execute();

      await db.schema
        .createTable('cocktail')
        .addColumn('id', id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('base_spirit', 'text', (c) => c.notNull())
        .addColumn('category', 'text')
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('instructions', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('difficulty_level', 'text', (c) => c.notNull())
        .addColumn('strength', 'text', (c) => c.notNull())
        .addColumn('glassware', 'text', (c) => c.notNull())
        .addColumn('technique', 'text', (c) => c.notNull())
        .addColumn('garnish', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('preparation_time', 'integer', (c) => c.notNull().check(sql`preparation_time >= 0`))
        .addColumn('flavor_profile', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('seasonal_tags', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('occasion_tags', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('is_signature', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`is_signature in (0, 1)`),
        )
        .addColumn('image_url', 'text')
        .addColumn('venue_id', 'integer')
        .addColumn('name_key', keyText, (c) => c.notNull())
        .addColumn('search_text', keyText, (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      // The public catalogue (venue_id null) in name order, ties by id, with the filter columns: listing, filtering and
      // paging walk this index without touching the table (SQLite; PostgreSQL uses it for ordered scans).
      await db.schema
        .createIndex('cocktail_public_order_idx')
        .on('cocktail')
        .columns(['name_key', 'id', 'base_spirit', 'category'])
        .where(sql.ref('venue_id'), 'is', null)
        .execute();
      await db.schema
        .createIndex('cocktail_public_spirit_idx')
        .on('cocktail')
        .columns(['base_spirit', 'name_key', 'id', 'category'])
        .where(sql.ref('venue_id'), 'is', null)
        .execute();
      await db.schema
        .createIndex('cocktail_public_category_idx')
        .on('cocktail')
        .columns(['category', 'name_key', 'id', 'base_spirit'])
        .where(sql.ref('venue_id'), 'is', null)
        .execute();
      await db.schema.createIndex('cocktail_venue_id_idx').on('cocktail').column('venue_id').execute();

      await db.schema
        .createTable('cocktail_ingredient')
        .addColumn('cocktail_id', 'integer', (c) => c.notNull().references('cocktail.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull().check(sql`position >= 0`))
        .addColumn('ingredient_id', 'integer', (c) => c.notNull().references('ingredient.id'))
        .addColumn('amount', real)
        .addColumn('amount_max', real)
        .addColumn('unit', 'text', (c) => c.notNull())
        .addColumn('is_optional', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`is_optional in (0, 1)`),
        )
        .addColumn('note', 'text')
        .addPrimaryKeyConstraint('cocktail_ingredient_pk', ['cocktail_id', 'position'])
        .execute();
      await db.schema
        .createIndex('cocktail_ingredient_ingredient_id_idx')
        .on('cocktail_ingredient')
        .column('ingredient_id')
        .execute();

      await db.schema
        .createTable('catalogue_meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('catalogue_meta').ifExists().execute();
      await db.schema.dropTable('cocktail_ingredient').ifExists().execute();
      await db.schema.dropTable('cocktail').ifExists().execute();
      await db.schema.dropTable('ingredient').ifExists().execute();
    },
  };
}
