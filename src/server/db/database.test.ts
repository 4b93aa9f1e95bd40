import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailableError } from '../errors';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';

/**
 * PostgreSQL ending a connection that the pool has lent out (a restart's 57P01 'terminating connection due to
 * administrator command' arrives between two queries) must not crash the process: the next query on that client fails
 * as a database outage (503), and the pool carries on with new clients.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL connection ended while checked out', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(() => database?.drop());

  it('fails the next query as an outage instead of crashing, and the pool recovers', async () => {
    const outcome = await database.db
      .connection()
      .execute(async (connection) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection);
        const pid = rows[0]?.pid;
        // Another session ends this one, as a fast shutdown does; the FATAL arrives while the client is lent out.
        await sql`select pg_terminate_backend(${pid})`.execute(database.db);
        await new Promise((resolve) => setTimeout(resolve, 200));
        return sql`select 1 as one`.execute(connection);
      })
      .then(
        () => 'answered',
        (error: unknown) => (isDatabaseUnavailableError(error) ? 'unavailable' : `other: ${String(error)}`),
      );
    expect(outcome).toBe('unavailable');
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(rows).toEqual([{ one: 1 }]);
  });
});
