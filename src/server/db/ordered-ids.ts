import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf } from './database';

/**
 * An aggregate of integer ids as one comma-separated text, in `orderBy`'s order (`string_agg` on PostgreSQL,
 * `group_concat` on SQLite, which orders inside an aggregate since 3.44); null over no rows. One value to read instead
 * of a row per id, for lists a user owns that run on every request (favorites, collections' items).
 * @param column the id column, as Kysely references it ('cocktail_id', 'collection_item.cocktail_id')
 * @param orderBy the ordering, trusted SQL text written in our code (never user input)
 */
export function orderedIdsText<DB>(db: Kysely<DB>, column: string, orderBy: string): RawBuilder<string | null> {
  return dialectOf(db) === 'postgres'
    ? sql<string | null>`string_agg(${sql.ref(column)}::text, ',' order by ${sql.raw(orderBy)})`
    : sql<string | null>`group_concat(${sql.ref(column)}, ',' order by ${sql.raw(orderBy)})`;
}

/** The ids of an {@link orderedIdsText} value, in order; [] for null or ''. */
export function idsOfText(text: string | null | undefined): number[] {
  return text ? text.split(',').map(Number) : [];
}
