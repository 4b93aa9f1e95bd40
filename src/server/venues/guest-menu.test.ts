import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeedCocktail, SeedIngredient } from '@/shared/schemas/seed';
import { publicMenuSchema, venueSchema, type PublicMenu, type Venue } from '@/shared/schemas/venues';
import { postJson, randomEmail, signIn, TEST_ORIGIN, userIdOf } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { buildTestSeed } from '../../../tests/support/test-seed';
import { grantEntitlement } from '../payments';

/**
 * The test seed plus what the guests' ingredient lists need: triple sec with Cointreau below it, a tequila and a Cognac,
 * water, and three drinks that use them (a Margarita and a Sidecar asking for triple sec, a toddy made with hot water).
 */
function guestMenuSeed() {
  const seed = buildTestSeed();
  const ingredient = (
    slug: string,
    name: string,
    category: SeedIngredient['category'],
    abv: number,
    parent: string | null = null,
  ): SeedIngredient => ({ slug, name, category, abv, parent, description: `${name}, for the guest menu tests.` });
  seed.ingredients.push(
    ingredient('triple-sec', 'Triple sec', 'Liqueurs', 30),
    ingredient('cointreau', 'Cointreau', 'Liqueurs', 40, 'triple-sec'),
    ingredient('blanco-tequila', 'Blanco tequila', 'Spirits', 40),
    ingredient('cognac', 'Cognac', 'Spirits', 40),
    ingredient('water', 'Water', 'Mixers', 0),
  );
  const base = seed.cocktails.find((cocktail) => cocktail.slug === 'daiquiri')!;
  const drink = (fields: Pick<SeedCocktail, 'slug' | 'name' | 'base_spirit' | 'ingredients'>): SeedCocktail => ({
    ...structuredClone(base),
    ...fields,
  });
  seed.cocktails.push(
    drink({
      slug: 'margarita',
      name: 'Margarita',
      base_spirit: 'Tequila',
      ingredients: [
        { ingredient: 'blanco-tequila', amount: 50, unit: 'ml' },
        { ingredient: 'triple-sec', amount: 20, unit: 'ml' },
        { ingredient: 'lime-juice', amount: 20, unit: 'ml' },
      ],
    }),
    drink({
      slug: 'sidecar',
      name: 'Sidecar',
      base_spirit: 'Brandy',
      ingredients: [
        { ingredient: 'cognac', amount: 50, unit: 'ml' },
        { ingredient: 'triple-sec', amount: 20, unit: 'ml' },
        { ingredient: 'lime-juice', amount: 20, unit: 'ml' },
      ],
    }),
    drink({
      slug: 'bourbon-toddy',
      name: 'Bourbon Toddy',
      base_spirit: 'Whiskey',
      ingredients: [
        { ingredient: 'bourbon', amount: 45, unit: 'ml' },
        { ingredient: 'simple-syrup', amount: 15, unit: 'ml' },
        { ingredient: 'water', amount: 120, unit: 'ml' },
      ],
    }),
  );
  return seed;
}

describe.each(testDialects())("The guests' menu ingredients on %s", (dialect) => {
  let t: TestApp;
  let ing: Record<string, number>;
  let cocktail: Record<string, number>;
  beforeAll(async () => {
    t = await createTestApp({ dialect, seed: guestMenuSeed() });
    const db = t.database.db;
    const ingredients = await db.selectFrom('ingredient').select(['slug', 'id']).execute();
    ing = Object.fromEntries(ingredients.map((row) => [row.slug, Number(row.id)]));
    const cocktails = await db.selectFrom('cocktail').select(['slug', 'id']).where('venue_id', 'is', null).execute();
    cocktail = Object.fromEntries(cocktails.map((row) => [row.slug, Number(row.id)]));
  });
  afterAll(() => t?.close());

  const call = <T>(jar: CookieJar | null, method: string, path: string, body?: unknown) =>
    t.json<T>(
      path,
      body === undefined
        ? { method, headers: { origin: TEST_ORIGIN, ...(jar ? jar.headers() : {}) } }
        : postJson(body, jar ?? undefined, method),
    );

  /** An Enterprise owner with a new venue stocked with `bottles`, and a menu of `drinks` (slugs). */
  async function venueWith(label: string, bottles: string[], drinks: string[]) {
    const jar = await signIn(t, randomEmail(label));
    await grantEntitlement({ db: t.database.db, userId: await userIdOf(t, jar), name: 'enterprise' });
    const created = await call<Venue>(jar, 'POST', '/api/venues', { name: `The ${label} Bar ${Date.now()}` });
    expect(created.status).toBe(201);
    const slug = venueSchema.parse(created.body).slug;
    for (const bottle of bottles) {
      expect((await call(jar, 'PUT', `/api/venues/${slug}/bar/${ing[bottle]}`)).status).toBe(200);
    }
    const items = drinks.map((drink) => ({ cocktailId: cocktail[drink], priceCents: 1200 }));
    const written = await call(jar, 'PUT', `/api/venues/${slug}/menu`, { sections: [{ title: 'Tonight', items }] });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    return { jar, slug };
  }

  /** Each drink of the guests' menu: name -> [available, ingredients]. */
  async function guestLists(slug: string) {
    const answer = await call<PublicMenu>(null, 'GET', `/api/menus/${slug}`);
    expect(answer.status).toBe(200);
    const menu = publicMenuSchema.parse(answer.body);
    return Object.fromEntries(
      menu.sections.flatMap((section) => section.items.map((item) => [item.name, [item.available, item.ingredients]])),
    );
  }

  it('names the bottle the bar pours (Cointreau for triple sec) and leaves water out', async () => {
    const { slug } = await venueWith(
      'pours',
      ['blanco-tequila', 'cointreau', 'lime-juice', 'bourbon', 'simple-syrup'],
      ['margarita', 'sidecar', 'bourbon-toddy'],
    );
    expect(await guestLists(slug)).toEqual({
      Margarita: [true, ['Blanco tequila', 'Cointreau', 'Lime juice']],
      // No Cognac: the drink is off tonight, so its lines read as the recipe writes them.
      Sidecar: [false, ['Cognac', 'Triple sec', 'Lime juice']],
      'Bourbon Toddy': [true, ['Bourbon', 'Simple syrup']],
    });
  });

  it('reads the recipe as written when the bar holds the generic bottle, or its specific one is 86d', async () => {
    const { jar, slug } = await venueWith(
      'written',
      ['blanco-tequila', 'triple-sec', 'cointreau', 'lime-juice'],
      ['margarita', 'bourbon-toddy'],
    );
    expect(await guestLists(slug)).toEqual({
      Margarita: [true, ['Blanco tequila', 'Triple sec', 'Lime juice']],
      'Bourbon Toddy': [false, ['Bourbon', 'Simple syrup']],
    });
    expect((await call(jar, 'DELETE', `/api/venues/${slug}/bar/${ing['triple-sec']}`)).status).toBe(200);
    expect((await guestLists(slug)).Margarita).toEqual([true, ['Blanco tequila', 'Cointreau', 'Lime juice']]);
    const out = await call(jar, 'PUT', `/api/venues/${slug}/bar/${ing.cointreau}/86`, { eightySixed: true });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect((await guestLists(slug)).Margarita).toEqual([false, ['Blanco tequila', 'Triple sec', 'Lime juice']]);
  });
});
