import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, publicCocktailIds, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { loadSummariesByIds, loadSummaryJsonByIds, warmSummaries } from './read-model';

/**
 * The list-item memory (read-model.ts): items kept as JSON text per catalogue version, filled at boot by warmSummaries,
 * read back in the order asked. A row changed behind the catalogue's back (no new version) shows whether an answer came
 * from memory or from the database.
 */
describe.each(testDialects())('list items in memory on %s', (dialect) => {
  let t: TestApp;
  let ids: number[];
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    ids = await publicCocktailIds(t);
  });
  afterAll(() => t?.close());

  it('fills the memory with every public cocktail, then answers without reading the rows again', async () => {
    expect(await warmSummaries(t.database.db)).toBe(ids.length);
    const last = ids[ids.length - 1] as number;
    const stored = await t.database.db
      .selectFrom('cocktail')
      .select('name')
      .where('id', '=', last)
      .executeTakeFirstOrThrow();
    // Behind the catalogue's back (no new catalogue version), before anything asked for this item: only the warm-up can
    // have put the old name in memory.
    await t.database.db
      .updateTable('cocktail')
      .set({ name: 'Renamed behind its back' })
      .where('id', '=', last)
      .execute();
    expect((await loadSummariesByIds(t.database.db, [last]))[0]?.name).toBe(stored.name);
  });

  it('keeps the order asked, leaves unknown ids out, and gives the same items as text and as objects', async () => {
    const asked = [ids[2], 999_999, ids[0], ids[1]] as number[];
    const texts = await loadSummaryJsonByIds(t.database.db, asked);
    const objects = await loadSummariesByIds(t.database.db, asked);
    expect(objects.map((item) => item.id)).toEqual([ids[2], ids[0], ids[1]]);
    expect(texts.map((text) => JSON.parse(text) as unknown)).toEqual(objects);
  });
});
