import { sql, type Kysely } from 'kysely';
import { AppError } from '../errors';

/** Telling a database outage from better-auth's own failures: a 503 when the session store does not answer. */

/** The message of the 503 answer when the session store cannot be reached. */
export const SESSION_STORE_UNAVAILABLE_MESSAGE = 'The database is unavailable; please try again shortly.';

/**
 * better-auth answers a storage failure with its own 500 and loses the cause. This asks the database itself: when it does
 * not answer a trivial query, the failure was the database's.
 * @throws AppError SERVICE_UNAVAILABLE (503) when `db` does not answer; returns quietly when it does.
 */
export async function assertDatabaseAnswers<DB>(db: Kysely<DB>): Promise<void> {
  try {
    await sql`select 1`.execute(db);
  } catch (cause) {
    throw new AppError('SERVICE_UNAVAILABLE', SESSION_STORE_UNAVAILABLE_MESSAGE, { cause });
  }
}
