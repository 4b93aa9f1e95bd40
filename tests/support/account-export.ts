import { strFromU8, unzipSync } from 'fflate';
import { expect } from 'vitest';
import { ACCOUNT_EXPORT_ENTRY, accountExportSchema, type AccountExport } from '@/shared/schemas/export';
import type { OwnRecipe, OwnRecipeWriteInput } from '@/shared/schemas/recipes';
import { grantEntitlement } from '@/server/payments';
import { postJson, randomEmail, signIn, TEST_ORIGIN, userIdOf } from './auth';
import type { CookieJar } from './cookie-jar';
import type { TestApp } from './test-app';

/**
 * What the account export and import tests share (src/server/account/export, src/server/account/import): a user's house
 * recipes, an account holding something of every part, and the requests that take it out and put it back.
 */

/** The house recipes of the exporting user: catalogue lines, a range, an optional line, a top-up and an own bitters. */
export function houseRecipes(ing: Record<string, number>): OwnRecipeWriteInput[] {
  return [
    {
      name: 'Quillon House Negroni',
      base_spirit: 'Gin',
      category: 'Modern',
      description: 'A touch more gin, and orange bitters.',
      instructions: 'Stir with ice for thirty seconds and strain over a large cube.',
      difficulty_level: 'Easy',
      glassware: 'Rocks',
      technique: 'Stir',
      garnish: 'Orange twist',
      preparation_time: 3,
      flavor_profile: ['Bitter'],
      seasonal_tags: ['Autumn'],
      occasion_tags: ['Aperitif'],
      ingredients: [
        { ingredient_id: ing.gin!, amount: 40, unit: 'ml' },
        { ingredient_id: ing['sweet-vermouth']!, amount: 30, unit: 'ml' },
        { ingredient_id: ing.campari!, amount: 22.5, unit: 'ml', note: 'chilled' },
        { ingredient_name: 'Quillon orange bitters', amount: 2, unit: 'dash' },
        { ingredient_id: ing['simple-syrup']!, amount: 1, amount_max: 2, unit: 'barspoon', is_optional: true },
      ],
    },
    {
      name: 'Quillon Rum Highball',
      base_spirit: 'Rum',
      category: 'Modern',
      description: '',
      instructions: 'Build over ice in a highball glass and stir once.',
      difficulty_level: 'Easy',
      glassware: 'Highball',
      technique: 'Build',
      garnish: '',
      preparation_time: 2,
      ingredients: [
        { ingredient_id: ing['white-rum']!, amount: 50, unit: 'ml' },
        { ingredient_id: ing['lime-juice']!, amount: 15, unit: 'ml' },
        { ingredient_id: ing['soda-water']!, amount: 100, unit: 'top' },
      ],
    },
  ];
}

/** An exported recipe compared without what a restore may change (ids, times, share links). */
export const recipeShape = (recipe: AccountExport['recipes'][number]) => ({
  ...recipe,
  createdAt: '',
  updatedAt: '',
  shared: false,
});
/** What of an own recipe a re-import through another format must reproduce. */
export const recipeFacts = (recipe: OwnRecipe) => ({
  name: recipe.name,
  glassware: recipe.glassware,
  technique: recipe.technique,
  instructions: recipe.instructions,
  lines: recipe.ingredients.map((line) => [
    line.ingredient,
    line.amount,
    line.amount_max,
    line.unit,
    line.is_optional,
    line.note,
  ]),
});

/** The helpers of one test app: the seed's ids by slug, users, downloads and uploads. */
export async function accountHarness(t: TestApp) {
  const rows = await t.database.db.selectFrom('ingredient').select(['id', 'slug']).execute();
  const ing: Record<string, number> = Object.fromEntries(rows.map((row) => [row.slug, Number(row.id)]));
  const drinks = await t.database.db
    .selectFrom('cocktail')
    .select(['id', 'slug'])
    .where('owner_id', 'is', null)
    .execute();
  const cocktails: Record<string, number> = Object.fromEntries(drinks.map((row) => [row.slug, Number(row.id)]));

  async function user(label: string, plan: 'free' | 'pro' = 'pro'): Promise<{ jar: CookieJar; id: string }> {
    const jar = await signIn(t, randomEmail(label));
    const id = await userIdOf(t, jar);
    if (plan === 'pro') await grantEntitlement({ db: t.database.db, userId: id, name: 'pro' });
    return { jar, id };
  }

  async function download(jar: CookieJar | null, format?: string): Promise<Response> {
    const query = format === undefined ? '' : `?format=${format}`;
    return t.request(`/api/me/export${query}`, { headers: { ...(jar ? jar.headers() : {}), origin: TEST_ORIGIN } });
  }

  /** The JSON export of `jar`, out of its zip. */
  async function exportOf(jar: CookieJar): Promise<{ data: AccountExport; zip: Uint8Array }> {
    const response = await download(jar, 'json');
    expect(response.status).toBe(200);
    const zip = new Uint8Array(await response.arrayBuffer());
    const files = unzipSync(zip);
    return { data: accountExportSchema.parse(JSON.parse(strFromU8(files[ACCOUNT_EXPORT_ENTRY]!))), zip };
  }

  async function upload<T>(jar: CookieJar, path: string, body: Uint8Array | string) {
    return t.json<T>(path, {
      method: 'POST',
      headers: { ...jar.headers(), origin: TEST_ORIGIN, 'content-type': 'application/octet-stream' },
      body: typeof body === 'string' ? body : new Blob([new Uint8Array(body)]),
    });
  }

  /** A Pro user with two own recipes, saved cocktails, My Bar, collections (one holding an own recipe), notes, ratings. */
  async function richUser(label: string) {
    const owner = await user(label);
    const ids: number[] = [];
    for (const recipe of houseRecipes(ing)) {
      const answer = await t.json<OwnRecipe>('/api/me/recipes', postJson(recipe, owner.jar));
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      ids.push(answer.body.id);
    }
    const db = t.database.db;
    const at = '2026-01-02T03:04:05.000Z';
    const userId = owner.id;
    await db
      .insertInto('user_favorites')
      .values([
        { user_id: userId, cocktail_id: cocktails.negroni!, created_at: at },
        { user_id: userId, cocktail_id: cocktails.daiquiri!, created_at: '2026-01-03T00:00:00.000Z' },
      ])
      .execute();
    await db
      .insertInto('bar_item')
      .values(
        ['gin', 'campari', 'sweet-vermouth'].map((slug) => ({
          user_id: userId,
          ingredient_id: ing[slug]!,
          created_at: at,
        })),
      )
      .execute();
    await db
      .insertInto('shopping_item')
      .values({ user_id: userId, ingredient_id: ing['lime-juice']!, created_at: at })
      .execute();
    await db
      .insertInto('ingredient_swap')
      .values({ user_id: userId, from_id: ing.gin!, to_id: ing['london-dry-gin']!, created_at: at })
      .execute();
    await db
      .insertInto('made_drink')
      .values([
        { user_id: userId, cocktail_id: cocktails.negroni!, made_at: at, note: 'For Sam' },
        { user_id: userId, cocktail_id: ids[0]!, made_at: '2026-01-05T00:00:00.000Z', note: null },
      ])
      .execute();
    const older = await db
      .insertInto('collection')
      .values({
        user_id: userId,
        name: 'Quillon Sunday',
        description: 'Slow drinks',
        share_slug: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const newer = await db
      .insertInto('collection')
      .values({
        user_id: userId,
        name: 'Quillon Party',
        description: '',
        share_slug: null,
        created_at: at,
        updated_at: '2026-01-04T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('collection_item')
      .values([
        { collection_id: Number(older.id), cocktail_id: cocktails['old-fashioned']!, position: 0, added_at: at },
        { collection_id: Number(older.id), cocktail_id: ids[0]!, position: 1, added_at: at },
        { collection_id: Number(newer.id), cocktail_id: ids[1]!, position: 0, added_at: at },
        { collection_id: Number(newer.id), cocktail_id: cocktails.mojito!, position: 1, added_at: at },
      ])
      .execute();
    await db
      .insertInto('cocktail_note')
      .values([
        {
          user_id: userId,
          cocktail_id: cocktails.negroni!,
          text: 'Less vermouth.\nOrange, not lemon.',
          updated_at: at,
        },
        { user_id: userId, cocktail_id: ids[1]!, text: 'Great in summer', updated_at: at },
      ])
      .execute();
    await db
      .insertInto('cocktail_rating')
      .values([
        { user_id: userId, cocktail_id: cocktails.negroni!, stars: 4.5, updated_at: at },
        { user_id: userId, cocktail_id: ids[0]!, stars: 5, updated_at: at },
      ])
      .execute();
    return { ...owner, recipeIds: ids };
  }

  return { ing, cocktails, user, download, exportOf, upload, richUser };
}
export type AccountHarness = Awaited<ReturnType<typeof accountHarness>>;
