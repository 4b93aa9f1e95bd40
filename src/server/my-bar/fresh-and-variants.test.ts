import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MakeablePage, RecipeMatch, SuggestionList } from '@/shared/schemas/my-bar';
import { randomEmail, signIn, TEST_ORIGIN, userIdOf } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { loadSeedCatalogue } from '../catalogue/seed/load-seed';
import { grantEntitlement } from '../payments';

// My Bar on the real catalogue: limes give lime juice, and citron vodka is not vodka (docs/domain.md).
describe.each(testDialects())('My Bar on the seed catalogue on %s', (dialect) => {
  let t: TestApp;
  const ids = new Map<string, number>();
  const cocktails = new Map<string, number>();
  beforeAll(async () => {
    t = await createTestApp({ dialect, seed: loadSeedCatalogue() });
    for (const row of await t.database.db.selectFrom('ingredient').select(['id', 'slug']).execute()) {
      ids.set(row.slug, Number(row.id));
    }
    const rows = await t.database.db
      .selectFrom('cocktail')
      .select(['id', 'slug'])
      .where('venue_id', 'is', null)
      .execute();
    for (const row of rows) cocktails.set(row.slug, Number(row.id));
  });
  afterAll(() => t?.close());

  async function barOf(slugs: string[]): Promise<CookieJar> {
    const jar = await signIn(t, randomEmail('bar'));
    await grantEntitlement({ db: t.database.db, userId: await userIdOf(t, jar), name: 'pro' });
    const response = await t.request('/api/me/bar', {
      method: 'POST',
      headers: { ...jar.headers(), 'content-type': 'application/json', origin: TEST_ORIGIN },
      body: JSON.stringify({ ingredientIds: slugs.map((slug) => ids.get(slug)) }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return jar;
  }
  const get = async <T>(jar: CookieJar, path: string) => {
    const answer = await t.json<T>(path, { headers: jar.headers() });
    expect(answer.status).toBe(200);
    return answer.body;
  };

  it('makes a Daiquiri from limes, white rum and sugar, saying to juice the limes', async () => {
    const jar = await barOf(['lime', 'white-rum', 'sugar']);
    const page = await get<MakeablePage>(jar, '/api/me/bar/makeable?view=can-make');
    const daiquiri = page.items.find((item) => item.cocktail.name === 'Daiquiri');
    expect(daiquiri, page.items.map((item) => item.cocktail.name).join(', ')).toBeDefined();
    const juice = daiquiri!.lines.find((line) => line.ingredient.name === 'Lime juice');
    expect(juice).toMatchObject({ coverage: 'fresh', via: { name: 'Lime' } });
    const match = await get<RecipeMatch>(jar, `/api/me/bar/match/${cocktails.get('daiquiri')}`);
    expect(match.canMake).toBe(true);
  });

  it('covers lemon, orange and grapefruit juice from the fruit too', async () => {
    const jar = await barOf(['lemon', 'orange', 'grapefruit']);
    for (const [slug, juice, fruit] of [
      ['amaretto-sour', 'Lemon juice', 'Lemon'],
      ['harvey-wallbanger', 'Orange juice', 'Orange'],
      ['greyhound', 'Grapefruit juice', 'Grapefruit'],
    ] as const) {
      const match = await get<RecipeMatch>(jar, `/api/me/bar/match/${cocktails.get(slug)}`);
      const line = match.lines.find((entry) => entry.ingredient.name === juice);
      expect(line, slug).toMatchObject({ coverage: 'fresh', via: { name: fruit } });
    }
  });

  it('does not pour citron vodka for plain vodka, and suggests vodka itself first', async () => {
    const jar = await barOf([
      'citron-vodka',
      'vanilla-vodka',
      'coffee-liqueur',
      'triple-sec',
      'cranberry-juice',
      'lime',
    ]);
    const canMake = (await get<MakeablePage>(jar, '/api/me/bar/makeable?view=can-make')).items;
    for (const item of canMake) {
      const plain = item.lines.find((line) => line.ingredient.name === 'Vodka');
      if (plain) expect(plain.coverage, item.cocktail.name).toBe('substitute');
    }
    expect(canMake.map((item) => item.cocktail.name)).toContain('Cosmopolitan');
    const suggestions = (await get<SuggestionList>(jar, '/api/me/bar/suggestions')).items;
    const names = suggestions.map((item) => item.ingredient.name);
    expect(names).toContain('Vodka');
    expect(names).not.toContain('Citron vodka');
  });
});
