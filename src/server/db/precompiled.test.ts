import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/test-database';
import { perDatabase, precompiled, precompiledPerDatabase } from './precompiled';
import type { Database } from './types';

describe('perDatabase', () => {
  it('makes one value per database client and answers it again', () => {
    const made: object[] = [];
    const valueOf = perDatabase((db: Kysely<Database>) => {
      made.push(db);
      return { for: db };
    });
    const one = {} as Kysely<Database>;
    const other = {} as Kysely<Database>;
    expect(valueOf(one)).toBe(valueOf(one));
    expect(valueOf(other).for).toBe(other);
    expect(made).toEqual([one, other]);
  });
});

describe.each(testDialects())('precompiled on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database?.drop());

  it('runs the query compiled once with each call’s values', async () => {
    const byKey = precompiledPerDatabase(
      (q: Kysely<Database>, key) =>
        q
          .selectFrom('catalogue_meta')
          .select('value')
          .where('key', '=', key as string),
      1,
    );
    expect(byKey(database.db)).toBe(byKey(database.db));
    await database.db
      .insertInto('catalogue_meta')
      .values([
        { key: 'probe-a', value: 'A' },
        { key: 'probe-b', value: 'B' },
      ])
      .execute();
    expect(await byKey(database.db)('probe-a')).toEqual([{ value: 'A' }]);
    expect(await byKey(database.db)('probe-b')).toEqual([{ value: 'B' }]);
    expect(await byKey(database.db)('probe-none')).toEqual([]);
  });

  it('refuses a build that leaves a parameter unused', () => {
    expect(() => precompiled(database.db, (q) => q.selectFrom('catalogue_meta').select('value'), 1)).toThrow(
      /parameter 0 is not used/,
    );
  });
});
