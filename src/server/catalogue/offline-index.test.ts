import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CocktailPage, CocktailSummary } from '@/shared/schemas/cocktail';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import { OFFLINE_INDEX_PATH } from '@/shared/offline';
import { signIn } from '../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { buildTestSeed, TEST_COCKTAIL_NAMES_IN_ORDER } from '../../../tests/support/test-seed';
import { buildMatcher } from '@/shared/domain/my-bar';
import { offlineIndexSchema } from '@/shared/schemas/offline';
import { getMatchModel } from './match-model';
import { seedCatalogue } from './operations';

describe.each(testDialects())('the offline index on %s', (dialect) => {
  let t: TestApp;
  let member: { headers: Record<string, string> };
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    member = { headers: (await signIn(t)).headers() };
  });
  afterAll(() => t.close());

  it('answers 401 with the reason to a signed-out caller', async () => {
    const answer = await t.request(OFFLINE_INDEX_PATH);
    expect(answer.status).toBe(401);
    const body = (await answer.json()) as ApiErrorBody;
    expect(body.error).toEqual({ code: 'UNAUTHORIZED', message: 'Sign in to keep the catalogue for offline use.' });
  });

  it('answers a member every public card by name, the same cards the list answers', async () => {
    const answer = await t.request(OFFLINE_INDEX_PATH, member);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-cache');
    const index = (await answer.json()) as { version: string; items: CocktailSummary[] };
    expect(index.items.map((item) => item.name)).toEqual([...TEST_COCKTAIL_NAMES_IN_ORDER]);
    const list = (await (await t.request('/api/cocktails?pageSize=100', member)).json()) as CocktailPage;
    expect(index.items).toEqual(list.items);
  });

  it("holds the match catalogue the browser's matcher needs: built from it, it classifies every bar as the server does", async () => {
    const index = offlineIndexSchema.parse(await (await t.request(OFFLINE_INDEX_PATH, member)).json());
    expect(index.match.cocktails.map((cocktail) => cocktail.id)).toEqual(index.items.map((item) => item.id));
    const browser = buildMatcher(index.match);
    const server = (await getMatchModel(t.database.db)).matcher;
    const ids = index.match.ingredients.map((ingredient) => ingredient.id);
    // Bars of every size: each ingredient alone, every third one, and all of them.
    const bars = [...ids.map((id) => [id]), ids.filter((_, at) => at % 3 === 0), ids];
    for (const owned of bars) {
      const stock = { owned };
      const { canMake, oneAway } = browser.classify(stock);
      const expected = server.classify({ owned });
      expect({ canMake, oneAway }).toEqual({ canMake: expected.canMake, oneAway: expected.oneAway });
    }
    expect(browser.classify({ owned: ids }).canMake.length).toBeGreaterThan(0);
  });

  it('answers 304 to its ETag until the catalogue changes, then the new cards', async () => {
    const first = await t.request(OFFLINE_INDEX_PATH, member);
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^W\/"offline-/);
    const headers = { ...member.headers, 'If-None-Match': etag };
    const again = await t.request(OFFLINE_INDEX_PATH, { headers });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    const seed = buildTestSeed();
    seed.cocktails[0]!.name = 'Offline Renamed';
    await seedCatalogue({ db: t.database.db, seed });
    try {
      const changed = await t.request(OFFLINE_INDEX_PATH, { headers });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
      const index = (await changed.json()) as { items: CocktailSummary[] };
      expect(index.items.map((item) => item.name)).toContain('Offline Renamed');
    } finally {
      await seedCatalogue({ db: t.database.db, seed: buildTestSeed() });
    }
  });
});

describe.each(testDialects())('the offline index while the database is away, on %s', (dialect) => {
  it('answers 503 SERVICE_UNAVAILABLE, never a 500', async () => {
    const t = await createTestApp({ dialect });
    try {
      const member = { headers: (await signIn(t)).headers() };
      await t.database.destroy();
      const answer = await t.request(OFFLINE_INDEX_PATH, member);
      expect(answer.status).toBe(503);
      expect(((await answer.json()) as ApiErrorBody).error.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await t.close();
    }
  });
});
