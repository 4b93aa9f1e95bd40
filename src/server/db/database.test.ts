import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailableError } from '../errors';
import { PG_NAMED_STATEMENTS_MAX } from './database';
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

/**
 * Parameterised queries run as named statements (db/database.ts): each connection parses a text once and then only
 * binds it, the answers stay those of the text, texts past the cap still run unnamed, and a parameterless text may hold
 * several statements (the simple protocol, as migrations need).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL named statements', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(() => database?.drop());

  it('prepares a parameterised text once per connection and answers each run with its own values', async () => {
    const seen = await database.db.connection().execute(async (connection) => {
      const answers: number[] = [];
      for (const n of [1, 2, 3]) {
        const { rows } = await sql<{ n: number }>`select ${n}::int * 10 as n`.execute(connection);
        answers.push(rows[0]!.n);
      }
      const { rows } = await sql<{ statement: string }>`
        select statement from pg_prepared_statements where statement like 'select $1::int * 10%'`.execute(connection);
      return { answers, prepared: rows.length };
    });
    expect(seen).toEqual({ answers: [10, 20, 30], prepared: 1 });
  });

  it('still answers texts past the cap of named statements', async () => {
    const answers = await database.db.connection().execute(async (connection) => {
      const results: number[] = [];
      for (let i = 0; i < PG_NAMED_STATEMENTS_MAX + 5; i += 1) {
        const { rows } = await sql<{ n: number }>`select ${i}::int + ${sql.lit(i)} as n`.execute(connection);
        results.push(rows[0]!.n);
      }
      return results;
    });
    expect(answers.slice(-3)).toEqual([2 * 1002, 2 * 1003, 2 * 1004]);
  });

  it('runs a parameterless text of several statements', async () => {
    const rows = await database.db.connection().execute(async (connection) => {
      await sql
        .raw('create temporary table named_check (n int); insert into named_check values (7)')
        .execute(connection);
      return (await sql<{ n: number }>`select n from named_check where n = ${7}`.execute(connection)).rows;
    });
    expect(rows).toEqual([{ n: 7 }]);
  });
});
