import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomEmail, signIn, userIdOf } from '../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { addBarItem, removeBarItem } from './bar';

describe.each(testDialects())('adding and removing one bottle at once on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(() => t?.close());

  it('never refuses an add because a removal of the same bottle ran alongside it', async () => {
    const userId = await userIdOf(t, await signIn(t, randomEmail('bar-race')));
    const [ingredient] = await t.database.db.selectFrom('ingredient').select('id').limit(1).execute();
    const id = Number(ingredient!.id);
    const db = t.database.db;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, (_, n) =>
        n % 2 === 0 ? addBarItem({ db, userId, ingredientId: id }) : removeBarItem({ db, userId, ingredientId: id }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    const after = await addBarItem({ db, userId, ingredientId: id });
    expect(after.items.map((item) => item.id)).toEqual([id]);
  });
});
