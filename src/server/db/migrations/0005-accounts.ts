import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * The account features' own tables:
 * - user_favorites: (user_id, cocktail_id) primary key; user_id references "user" and cocktail_id references cocktail, both
 *   deleted with their parent; an index serves "this user's favorites, newest first".
 * - support_message: what the Contact Support form sent (user_id references "user", deleted with it).
 * - mail_outbox: the dev outbox (mail kept instead of sent when SMTP_URL is unset).
 * - rate_limit_bucket: the server's own fixed-window rate-limit counters.
 */
export function accountsMigration(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const timestamp = pg ? 'timestamptz' : 'text';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_favorites')
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('cocktail_id', 'integer', (c) => c.notNull().references('cocktail.id').onDelete('cascade'))
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('user_favorites_pk', ['user_id', 'cocktail_id'])
        .execute();
      await db.schema
        .createIndex('user_favorites_user_created_idx')
        .on('user_favorites')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('user_favorites_cocktail_id_idx')
        .on('user_favorites')
        .column('cocktail_id')
        .execute();

      await db.schema
        .createTable('support_message')
        .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.references('user.id').onDelete('cascade'))
        .addColumn('page', 'text')
        .addColumn('priority', 'text', (c) => c.notNull().defaultTo('standard'))
        .addColumn('mailed', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`mailed in (0, 1)`),
        )
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('support_message_user_id_idx').on('support_message').column('user_id').execute();

      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('reply_to', 'text')
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('html', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();

      await db.schema
        .createTable('rate_limit_bucket')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('window_start', pg ? 'bigint' : 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('rate_limit_bucket_window_start_idx')
        .on('rate_limit_bucket')
        .column('window_start')
        .execute();

      await db.schema
        .createIndex('analytics_event_user_type_idx')
        .on('analytics_event')
        .columns(['user_id', 'type', 'occurred_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('analytics_event_user_type_idx').ifExists().execute();
      for (const table of ['rate_limit_bucket', 'mail_outbox', 'support_message', 'user_favorites']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
