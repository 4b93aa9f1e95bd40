import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * Pro's collections, private notes and ratings. Every row is a user's own and is deleted with the user and
 * with the cocktail it names:
 * - collection: a named list (id, name, description, share_slug: the public link's random slug while sharing is on, else
 *   null; unique), created_at, updated_at; an index serves "this user's collections, most recently changed first";
 * - collection_item: one cocktail of a collection at a position (0-based, the owner's order); primary key
 *   (collection_id, cocktail_id), deleted with the collection;
 * - cocktail_note: a private plain-text note; primary key (user_id, cocktail_id);
 * - cocktail_rating: 0.5 to 5 stars in half stars (checked); primary key (user_id, cocktail_id).
 */
export function collectionsMigration(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const timestamp = pg ? 'timestamptz' : 'text';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('collection')
        .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('share_slug', 'text', (c) => c.unique())
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex('collection_user_updated_idx')
        .on('collection')
        .columns(['user_id', 'updated_at'])
        .execute();

      await db.schema
        .createTable('collection_item')
        .addColumn('collection_id', 'integer', (c) => c.notNull().references('collection.id').onDelete('cascade'))
        .addColumn('cocktail_id', 'integer', (c) => c.notNull().references('cocktail.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull().check(sql`position >= 0`))
        .addColumn('added_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('collection_item_pk', ['collection_id', 'cocktail_id'])
        .execute();
      await db.schema
        .createIndex('collection_item_cocktail_id_idx')
        .on('collection_item')
        .column('cocktail_id')
        .execute();

      await db.schema
        .createTable('cocktail_note')
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('cocktail_id', 'integer', (c) => c.notNull().references('cocktail.id').onDelete('cascade'))
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('cocktail_note_pk', ['user_id', 'cocktail_id'])
        .execute();
      await db.schema.createIndex('cocktail_note_cocktail_id_idx').on('cocktail_note').column('cocktail_id').execute();

      await db.schema
        .createTable('cocktail_rating')
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('cocktail_id', 'integer', (c) => c.notNull().references('cocktail.id').onDelete('cascade'))
        .addColumn('stars', 'real', (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('cocktail_rating_pk', ['user_id', 'cocktail_id'])
        .addCheckConstraint(
          'cocktail_rating_half_stars',
          sql`stars >= 0.5 and stars <= 5 and stars * 2 = round(stars * 2)`,
        )
        .execute();
      await db.schema
        .createIndex('cocktail_rating_cocktail_id_idx')
        .on('cocktail_rating')
        .column('cocktail_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['cocktail_rating', 'cocktail_note', 'collection_item', 'collection']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
