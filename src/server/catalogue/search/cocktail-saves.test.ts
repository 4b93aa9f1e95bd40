import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestSeed } from '../../../../tests/support/test-seed';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../../tests/support/test-database';
import { addFavorite, removeFavorite } from '../../favorites/operations';
import { seedCatalogue } from '../operations';
import { readPopularity } from './search-index';

/** The saves counts search ranks by stay equal to a count of the favorites through adds, removals and deletions. */
describe.each(testDialects())('cocktail saves on %s', (dialect) => {
  let database: TestDatabase;
  let cocktails: number[];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedCatalogue({ db: database.db, seed: buildTestSeed() });
    const rows = await database.db.selectFrom('cocktail').select('id').orderBy('id').limit(3).execute();
    cocktails = rows.map((row) => Number(row.id));
    const now = (dialect === 'postgres' ? new Date() : new Date().toISOString()) as never;
    for (const id of ['saves-a', 'saves-b', 'saves-c']) {
      await database.db
        .insertInto('user')
        .values({
          id,
          name: id,
          email: `${id}@example.com`,
          emailVerified: dialect === 'postgres' ? (true as never) : (1 as never),
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    }
  });
  afterAll(async () => database.drop());

  const counted = async () => {
    const rows = await sql<{ cocktail_id: number; n: number | string }>`
      select cocktail_id, count(*) as n from user_favorites group by cocktail_id`.execute(database.db);
    return new Map(rows.rows.map((row) => [Number(row.cocktail_id), Number(row.n)]));
  };

  it('counts each add once, an add of a favorite already there not at all, and each removal', async () => {
    const [first, second] = cocktails as [number, number];
    const db = database.db;
    await addFavorite({ db, userId: 'saves-a', cocktailId: first });
    await addFavorite({ db, userId: 'saves-a', cocktailId: first });
    await addFavorite({ db, userId: 'saves-b', cocktailId: first });
    await addFavorite({ db, userId: 'saves-c', cocktailId: first });
    await addFavorite({ db, userId: 'saves-b', cocktailId: second });
    expect(await readPopularity(db)).toEqual(
      new Map([
        [first, 3],
        [second, 1],
      ]),
    );

    await removeFavorite({ db, userId: 'saves-c', cocktailId: first });
    await removeFavorite({ db, userId: 'saves-c', cocktailId: first });
    await removeFavorite({ db, userId: 'saves-b', cocktailId: second });
    expect(await readPopularity(db)).toEqual(new Map([[first, 2]]));
    expect(await readPopularity(db)).toEqual(await counted());
  });

  it("drops a deleted user's saves through the cascade", async () => {
    const [first, , third] = cocktails as [number, number, number];
    const db = database.db;
    await addFavorite({ db, userId: 'saves-b', cocktailId: third });
    await db.deleteFrom('user').where('id', '=', 'saves-b').execute();
    expect(await readPopularity(db)).toEqual(new Map([[first, 1]]));
    expect(await readPopularity(db)).toEqual(await counted());
  });
});
