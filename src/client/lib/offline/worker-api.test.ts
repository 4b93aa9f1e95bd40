import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BarList, MakeablePage, ShoppingListBody } from '@/shared/schemas/my-bar';
import type { OfflineIndex, OfflineMatchIngredient } from '@/shared/schemas/offline';
import type { OwnRecipe, OwnRecipeList } from '@/shared/schemas/recipes';
import { OFFLINE_INDEX_PATH } from '@/shared/offline';
import { testCard } from './test/fixtures';
import { answerApiRead } from './worker-api';
import { closeOfflineDb, keepWrite, OFFLINE_DB_NAME } from './write-queue';

/**
 * The worker's answers with no network (docs/product.md, "Offline"), as a page reads them: what the device kept, with
 * the writes still waiting laid over it.
 */

const GIN = 1;
const VERMOUTH = 2;
const CAMPARI = 3;
const NEGRONI = 101;
const GIN_AND_IT = 102;

const ingredient = (id: number, name: string, category: OfflineMatchIngredient['category']) => ({
  id,
  slug: name.toLowerCase().replace(/ /g, '-'),
  name,
  category,
  parentId: null,
  houseMade: false,
});
const INGREDIENTS = [
  ingredient(GIN, 'Gin', 'Spirits'),
  ingredient(VERMOUTH, 'Sweet vermouth', 'Fortified wine'),
  ingredient(CAMPARI, 'Campari', 'Liqueurs'),
];
const byId = new Map(INGREDIENTS.map((item) => [item.id, item]));
const line = (ingredientId: number) => ({ ingredientId, optional: false, substitutes: [] });

const INDEX: OfflineIndex = {
  version: 'worker-api-test-1',
  items: [testCard({ id: GIN_AND_IT, name: 'Gin & It' }), testCard({ id: NEGRONI, name: 'Negroni' })],
  match: {
    ingredients: INGREDIENTS.map((item) => ({ ...item, parts: [], variant: false })),
    cocktails: [
      { id: GIN_AND_IT, lines: [line(GIN), line(VERMOUTH)] },
      { id: NEGRONI, lines: [line(GIN), line(VERMOUTH), line(CAMPARI)] },
    ],
  },
};

const KEPT_AT = '2024-05-01T10:00:00.000Z';
const BAR: BarList = { items: [{ ...byId.get(GIN)!, addedAt: KEPT_AT }] };
const SHOPPING: ShoppingListBody = {
  items: [
    { ingredient: byId.get(VERMOUTH)!, addedAt: KEPT_AT, unlocks: 1, examples: ['Gin & It'] },
    { ingredient: byId.get(CAMPARI)!, addedAt: KEPT_AT, unlocks: 0, examples: [] },
  ],
  together: { unlocks: 2, examples: ['Gin & It', 'Negroni'] },
};
const OWN_RECIPE: OwnRecipe = {
  ...testCard({ id: 501, name: 'House Martini', slug: 'u--501' }),
  strength: 'Strong',
  served_over_ice: null,
  instructions: 'Stir with ice and strain.',
  ingredients: [
    {
      position: 0,
      ingredient_id: GIN,
      ingredient: 'Gin',
      amount: 60,
      amount_max: null,
      unit: 'ml',
      is_optional: false,
      note: null,
      abv: 40,
      category: 'Spirits',
    },
  ],
  source: null,
  photo: null,
  shareSlug: null,
};
const OWN: OwnRecipeList = { items: [OWN_RECIPE], limit: null };

/** The worker's kept answers, by path and query. */
const kept = new Map<string, unknown>();
const keyOf = (request: RequestInfo | URL) => {
  const url = new URL(typeof request === 'string' ? request : request instanceof URL ? request : request.url, ORIGIN);
  return url.pathname + url.search;
};
const ORIGIN = 'https://barback.test';

beforeEach(() => {
  kept.clear();
  kept.set(OFFLINE_INDEX_PATH, INDEX);
  kept.set('/api/me/bar', BAR);
  kept.set('/api/me/shopping-list', SHOPPING);
  kept.set('/api/me/recipes', OWN);
  const cache = {
    match: (request: RequestInfo | URL) => {
      const body = kept.get(keyOf(request));
      return Promise.resolve(body === undefined ? undefined : Response.json(body));
    },
    put: () => Promise.resolve(),
  };
  vi.stubGlobal('caches', { open: () => Promise.resolve(cache) });
  // No network: every fetch fails as it does offline.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await closeOfflineDb();
  await deleteDB(OFFLINE_DB_NAME);
});

/** What a page reading `path` offline gets: the status and the JSON body. */
async function read<T>(path: string): Promise<{ status: number; body: T }> {
  const event = { request: new Request(new URL(path, ORIGIN)), waitUntil: () => undefined } as unknown as FetchEvent;
  const answer = await answerApiRead(event);
  return { status: answer.status, body: (await answer.json()) as T };
}

const BOUGHT_AT = Date.UTC(2025, 2, 4, 5, 6, 7);

/** Keeps a write of user-1, as the page does when it cannot reach the server. */
const keep = (method: 'POST' | 'PUT', path: string, body?: unknown) =>
  keepWrite({
    key: crypto.randomUUID(),
    userId: 'user-1',
    method,
    path,
    madeAt: BOUGHT_AT,
    label: path,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe("offline, after 'bought' was kept", () => {
  beforeEach(() => keep('POST', `/api/me/shopping-list/${VERMOUTH}/bought`));

  it('the shopping list no longer holds the item, and what the rest makes is worked out over the new bar', async () => {
    expect(await read<ShoppingListBody>('/api/me/shopping-list')).toEqual({
      status: 200,
      body: {
        items: [{ ingredient: byId.get(CAMPARI), addedAt: KEPT_AT, unlocks: 1, examples: ['Negroni'] }],
        together: { unlocks: 1, examples: ['Negroni'] },
      },
    });
  });

  it("the bar holds the bottle, dated when it was bought, and 'Can make now' what it completes", async () => {
    const bar = await read<BarList>('/api/me/bar');
    expect(bar.body.items).toEqual([
      { ...byId.get(GIN), addedAt: KEPT_AT },
      { ...byId.get(VERMOUTH), addedAt: '2025-03-04T05:06:07.000Z' },
    ]);
    const canMake = await read<MakeablePage>('/api/me/bar/makeable?view=can-make');
    // The kept own recipe, gin alone, was in it already.
    expect(canMake.body.items.map((item) => item.cocktail.name)).toEqual(['Gin & It', 'House Martini']);
    const oneAway = await read<MakeablePage>('/api/me/bar/makeable?view=one-away');
    expect(oneAway.body.items.map((item) => [item.cocktail.name, item.missing?.name])).toEqual([
      ['Negroni', 'Campari'],
    ]);
  });
});

describe('offline, with nothing waiting', () => {
  it("the shopping list is what was kept, and 'Can make now' what the kept bar makes", async () => {
    expect((await read<ShoppingListBody>('/api/me/shopping-list')).body).toEqual(SHOPPING);
    const canMake = await read<MakeablePage>('/api/me/bar/makeable?view=can-make');
    expect(canMake.body.items.map((item) => item.cocktail.name)).toEqual(['House Martini']);
  });
});

describe('offline, after an edit of an own recipe was kept', () => {
  it('the list of own recipes shows the edit', async () => {
    await keep('PUT', `/api/me/recipes/${OWN_RECIPE.id}`, {
      name: 'Phone Martini',
      base_spirit: 'Gin',
      category: 'Modern',
      instructions: 'Stir for longer, then strain.',
      difficulty_level: 'Easy',
      glassware: 'Coupe',
      technique: 'Stir',
      preparation_time: 2,
      ingredients: [{ ingredient_id: GIN, amount: 75, unit: 'ml' }],
    });
    const list = await read<OwnRecipeList>('/api/me/recipes');
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      {
        ...OWN_RECIPE,
        name: 'Phone Martini',
        category: 'Modern',
        instructions: 'Stir for longer, then strain.',
        preparation_time: 2,
        ingredients: [{ ...OWN_RECIPE.ingredients[0], amount: 75 }],
      },
    ]);
    // A search is answered as it was kept.
    kept.set('/api/me/recipes?q=house', OWN);
    expect((await read<OwnRecipeList>('/api/me/recipes?q=house')).body).toEqual(OWN);
  });
});
