import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildMatcher, type BarStock } from '@/shared/domain/my-bar';
import { MAKEABLE_PAGE_SIZE } from '@/shared/domain/vocabulary';
import type { CocktailSummary } from '@/shared/schemas/cocktail';
import type {
  BarIngredient,
  BarList,
  MakeableIds,
  MakeablePage,
  RecipeMatch,
  ShoppingListBody,
  SuggestionList,
  SwapList,
} from '@/shared/schemas/my-bar';
import type { OfflineIndex, OfflineMatchIngredient } from '@/shared/schemas/offline';
import type { OwnRecipe, OwnRecipeList, OwnRecipeWrite } from '@/shared/schemas/recipes';
import { testCard } from './test/fixtures';
import { answerBarRead, barWithPending, shoppingWithFigures, type BarInputs } from './worker-bar';
import { shoppingWithPending } from './worker-overlay';
import type { QueuedWrite } from './write-queue';

/** A card with plain fields. */
const card = (id: number, name: string): CocktailSummary =>
  testCard({ id, name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-') });

function ingredient(
  id: number,
  name: string,
  category: OfflineMatchIngredient['category'],
  extra: Partial<OfflineMatchIngredient> = {},
): OfflineMatchIngredient {
  return {
    id,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    name,
    category,
    parentId: null,
    houseMade: false,
    parts: [],
    variant: false,
    ...extra,
  };
}

const GIN = 1;
const LONDON_DRY = 2;
const SUGAR = 3;
const WATER = 4;
const SIMPLE_SYRUP = 5;
const LIME = 6;
const LIME_JUICE = 7;
const VERMOUTH = 8;
const RUM = 9;
const BITTERS = 10;

const INGREDIENTS: OfflineMatchIngredient[] = [
  ingredient(GIN, 'Gin', 'Spirits'),
  ingredient(LONDON_DRY, 'London dry gin', 'Spirits', { parentId: GIN }),
  ingredient(SUGAR, 'Sugar', 'Other'),
  ingredient(WATER, 'Water', 'Other'),
  ingredient(SIMPLE_SYRUP, 'Simple syrup', 'Syrups', { houseMade: true, parts: [SUGAR, WATER] }),
  ingredient(LIME, 'Lime', 'Fruit & produce'),
  ingredient(LIME_JUICE, 'Lime juice', 'Juices', { pressedFrom: [LIME] }),
  ingredient(VERMOUTH, 'Sweet vermouth', 'Fortified wine'),
  ingredient(RUM, 'White rum', 'Spirits'),
  ingredient(BITTERS, 'Angostura bitters', 'Bitters'),
];

const line = (ingredientId: number, extra: { optional?: boolean; substitutes?: number[] } = {}) => ({
  ingredientId,
  optional: extra.optional ?? false,
  substitutes: extra.substitutes ?? [],
});

const ANEJO = 101;
const DAIQUIRI = 102;
const GIMLET = 103;
const GIN_AND_IT = 104;
const PINK_GIN = 105;
const RUM_AND_IT = 106;

/** Six cocktails, in name order (cards and match lines alike). */
const INDEX: OfflineIndex = {
  version: 'worker-bar-test-1',
  items: [
    card(ANEJO, 'Añejo Old Fashioned'),
    card(DAIQUIRI, 'Daiquiri'),
    card(GIMLET, 'Gimlet'),
    card(GIN_AND_IT, 'Gin & It'),
    card(PINK_GIN, 'Pink Gin'),
    card(RUM_AND_IT, 'Rum & It'),
  ],
  match: {
    ingredients: INGREDIENTS,
    cocktails: [
      { id: ANEJO, lines: [line(RUM), line(SIMPLE_SYRUP), line(BITTERS, { optional: true })] },
      { id: DAIQUIRI, lines: [line(RUM), line(LIME_JUICE), line(SIMPLE_SYRUP)] },
      { id: GIMLET, lines: [line(GIN), line(LIME_JUICE), line(SIMPLE_SYRUP)] },
      { id: GIN_AND_IT, lines: [line(GIN), line(VERMOUTH)] },
      { id: PINK_GIN, lines: [line(LONDON_DRY), line(BITTERS)] },
      { id: RUM_AND_IT, lines: [line(RUM, { substitutes: [GIN] }), line(VERMOUTH)] },
    ],
  },
};

const byId = new Map(INGREDIENTS.map((item) => [item.id, item]));
const cardOf = (id: number) => INDEX.items.find((item) => item.id === id);
const named = (id: number) => ({ id, name: byId.get(id)!.name });

function barIngredient(id: number): BarIngredient {
  const { slug, name, category, parentId, houseMade } = byId.get(id)!;
  return { id, slug, name, category, parentId, houseMade };
}

/** A kept bar holding `ids`, each added at `addedAt`, by name. */
function bar(ids: readonly number[], addedAt = '2024-05-01T10:00:00.000Z'): BarList {
  return {
    items: ids.map((id) => ({ ...barIngredient(id), addedAt })).sort((a, b) => a.name.localeCompare(b.name, 'en')),
  };
}

let seq = 0;
function write(method: QueuedWrite['method'], path: string, madeAt = Date.UTC(2025, 0, 2, 3, 4, 5)): QueuedWrite {
  seq += 1;
  return { seq, key: `key-${seq}`, userId: 'user-1', method, path, madeAt, label: `${method} ${path}` };
}

const url = (path: string) => new URL(path, 'https://barback.test');

function inputs(over: Partial<BarInputs> = {}): BarInputs {
  return {
    index: INDEX,
    bar: bar([LONDON_DRY, SUGAR, LIME, VERMOUTH]),
    swaps: null,
    ownRecipes: null,
    keptIngredients: [],
    pending: [],
    ...over,
  };
}

const page = (path: string, given: BarInputs = inputs()) => answerBarRead(url(path), given) as MakeablePage | null;
const idsOf = (answer: MakeablePage | null) => answer?.items.map((item) => item.cocktail.id);

describe('barWithPending', () => {
  it('adds a PUT bottle dated from when the write was made, with its fields from the index, by name', () => {
    const kept = bar([SUGAR, VERMOUTH]);
    const result = barWithPending(
      inputs({
        bar: kept,
        pending: [
          write('PUT', `/api/me/bar/${LONDON_DRY}`, Date.UTC(2025, 0, 2, 3, 4, 5)),
          write('PUT', `/api/me/bar/${SIMPLE_SYRUP}`, Date.UTC(2025, 1, 3, 0, 0, 0)),
        ],
      }),
    );
    expect(result).toEqual({
      items: [
        {
          id: LONDON_DRY,
          slug: 'london-dry-gin',
          name: 'London dry gin',
          category: 'Spirits',
          parentId: GIN,
          houseMade: false,
          addedAt: '2025-01-02T03:04:05.000Z',
        },
        {
          id: SIMPLE_SYRUP,
          slug: 'simple-syrup',
          name: 'Simple syrup',
          category: 'Syrups',
          parentId: null,
          houseMade: true,
          addedAt: '2025-02-03T00:00:00.000Z',
        },
        kept.items[0],
        kept.items[1],
      ],
    });
  });

  it('removes a DELETE bottle', () => {
    const result = barWithPending(
      inputs({ bar: bar([SUGAR, VERMOUTH, LIME]), pending: [write('DELETE', '/api/me/bar/3')] }),
    );
    expect(result?.items.map((item) => item.name)).toEqual(['Lime', 'Sweet vermouth']);
  });

  it('applies the writes in order', () => {
    const putThenDelete = barWithPending(
      inputs({ bar: bar([SUGAR]), pending: [write('PUT', '/api/me/bar/6'), write('DELETE', '/api/me/bar/6')] }),
    );
    expect(putThenDelete?.items.map((item) => item.id)).toEqual([SUGAR]);

    const deleteThenPut = barWithPending(
      inputs({
        bar: bar([SUGAR, LIME], '2024-01-01T00:00:00.000Z'),
        pending: [write('DELETE', '/api/me/bar/6', 1000), write('PUT', '/api/me/bar/6', Date.UTC(2025, 5, 6))],
      }),
    );
    expect(deleteThenPut?.items.find((item) => item.id === LIME)?.addedAt).toBe('2025-06-06T00:00:00.000Z');
  });

  it('keeps the date of a bottle already kept that is PUT again', () => {
    const result = barWithPending(
      inputs({ bar: bar([LIME], '2024-01-01T00:00:00.000Z'), pending: [write('PUT', '/api/me/bar/6')] }),
    );
    expect(result).toEqual(bar([LIME], '2024-01-01T00:00:00.000Z'));
  });

  it('ignores writes of other paths and of ingredients the index does not know', () => {
    const kept = bar([SUGAR, LIME]);
    const result = barWithPending(
      inputs({
        bar: kept,
        pending: [
          write('PUT', '/api/me/favorites/7'),
          write('DELETE', '/api/me/favorites/3'),
          write('PUT', '/api/me/shopping-list/7'),
          write('DELETE', '/api/me/shopping-list/3'),
          write('POST', '/api/me/made'),
          write('DELETE', '/api/me/bar/3/extra'),
          write('DELETE', '/api/me/bar'),
          write('PUT', '/api/me/bar/abc'),
          write('PUT', '/api/me/bar/999'),
        ],
      }),
    );
    expect(result).toEqual(kept);
  });

  it('is null when no bar is kept, whatever waits', () => {
    expect(barWithPending(inputs({ bar: null, pending: [write('PUT', '/api/me/bar/6')] }))).toBeNull();
    expect(answerBarRead(url('/api/me/bar'), inputs({ bar: null }))).toBeNull();
  });

  it('is what GET /api/me/bar answers', () => {
    const given = inputs({ pending: [write('PUT', '/api/me/bar/9'), write('DELETE', '/api/me/bar/3')] });
    const answer = answerBarRead(url('/api/me/bar'), given) as BarList;
    expect(answer).toEqual(barWithPending(given));
    expect(answer.items.map((item) => item.name)).toEqual(['Lime', 'London dry gin', 'Sweet vermouth', 'White rum']);
  });
});

describe('answerBarRead: the views', () => {
  it('can-make: every cocktail the bar covers, in name order, with each line covered and no missing', () => {
    const answer = page('/api/me/bar/makeable?view=can-make');
    expect(answer).toMatchObject({ total: 3, page: 0, pageSize: MAKEABLE_PAGE_SIZE });
    expect(idsOf(answer)).toEqual([GIMLET, GIN_AND_IT, RUM_AND_IT]);
    expect(answer?.items[0]).toEqual({
      cocktail: cardOf(GIMLET),
      lines: [
        { position: 0, ingredient: named(GIN), coverage: 'below', via: named(LONDON_DRY) },
        { position: 1, ingredient: named(LIME_JUICE), coverage: 'fresh', via: named(LIME) },
        { position: 2, ingredient: named(SIMPLE_SYRUP), coverage: 'house-made', via: named(SIMPLE_SYRUP) },
      ],
      missing: null,
    });
    expect(answer?.items[2]?.lines).toEqual([
      { position: 0, ingredient: named(RUM), coverage: 'substitute', via: named(LONDON_DRY) },
      { position: 1, ingredient: named(VERMOUTH), coverage: 'in-stock', via: named(VERMOUTH) },
    ]);
  });

  it('defaults to can-make', () => {
    expect(page('/api/me/bar/makeable')).toEqual(page('/api/me/bar/makeable?view=can-make'));
  });

  it('one-away: names the one ingredient missing; an optional line does not count', () => {
    const answer = page('/api/me/bar/makeable?view=one-away');
    expect(answer?.total).toBe(3);
    expect(idsOf(answer)).toEqual([ANEJO, DAIQUIRI, PINK_GIN]);
    expect(answer?.items.map((item) => item.missing)).toEqual([named(RUM), named(RUM), named(BITTERS)]);
    expect(answer?.items[0]).toEqual({
      cocktail: cardOf(ANEJO),
      lines: [
        { position: 0, ingredient: named(RUM), coverage: 'missing', via: null },
        { position: 1, ingredient: named(SIMPLE_SYRUP), coverage: 'house-made', via: named(SIMPLE_SYRUP) },
        { position: 2, ingredient: named(BITTERS), coverage: 'not-needed', via: null },
      ],
      missing: named(RUM),
    });
  });

  it('q keeps the names holding it, folding case and accents on both sides; total counts what is kept', () => {
    for (const q of ['anejo', 'AÑEJO', '  Añejo  ', 'OLD  fash']) {
      const answer = page(`/api/me/bar/makeable?${new URLSearchParams({ view: 'one-away', q }).toString()}`);
      expect(idsOf(answer), q).toEqual([ANEJO]);
      expect(answer?.total, q).toBe(1);
    }
    expect(idsOf(page('/api/me/bar/makeable?view=can-make&q=GIN'))).toEqual([GIN_AND_IT]);
    expect(idsOf(page('/api/me/bar/makeable?view=one-away&q=gin'))).toEqual([PINK_GIN]);
    expect(page('/api/me/bar/makeable?view=can-make&q=negroni')).toEqual({
      items: [],
      total: 0,
      page: 0,
      pageSize: MAKEABLE_PAGE_SIZE,
    });
    expect(idsOf(page('/api/me/bar/makeable?view=can-make&q='))).toEqual([GIMLET, GIN_AND_IT, RUM_AND_IT]);
  });

  it('pages by MAKEABLE_PAGE_SIZE; a page past the end is empty with the real total', () => {
    const count = MAKEABLE_PAGE_SIZE * 2 + 20;
    const ids = Array.from({ length: count }, (_, i) => 1000 + i);
    const big: OfflineIndex = {
      version: 'worker-bar-test-paging',
      items: ids.map((id, i) => card(id, `Sour ${String(i).padStart(3, '0')}`)),
      match: { ingredients: INGREDIENTS, cocktails: ids.map((id) => ({ id, lines: [line(GIN), line(LIME_JUICE)] })) },
    };
    const given = inputs({ index: big, bar: bar([GIN, LIME]) });
    const first = page('/api/me/bar/makeable?view=can-make', given);
    expect(first?.total).toBe(count);
    expect(idsOf(first)).toEqual(ids.slice(0, MAKEABLE_PAGE_SIZE));
    const second = page('/api/me/bar/makeable?view=can-make&page=1', given);
    expect(second).toMatchObject({ total: count, page: 1, pageSize: MAKEABLE_PAGE_SIZE });
    expect(idsOf(second)).toEqual(ids.slice(MAKEABLE_PAGE_SIZE, MAKEABLE_PAGE_SIZE * 2));
    expect(second?.items[0]?.cocktail.name).toBe(`Sour ${String(MAKEABLE_PAGE_SIZE).padStart(3, '0')}`);
    expect(idsOf(page('/api/me/bar/makeable?view=can-make&page=2', given))).toEqual(ids.slice(MAKEABLE_PAGE_SIZE * 2));
    expect(page('/api/me/bar/makeable?view=can-make&page=3', given)).toEqual({
      items: [],
      total: count,
      page: 3,
      pageSize: MAKEABLE_PAGE_SIZE,
    });
    const filtered = page('/api/me/bar/makeable?view=can-make&page=0&q=sour%2001', given);
    expect(idsOf(filtered)).toEqual(ids.slice(10, 20));
    expect(filtered?.total).toBe(10);
  });

  it('makeable-ids: every can-make id', () => {
    expect(answerBarRead(url('/api/me/bar/makeable-ids'), inputs())).toEqual({
      ids: [GIMLET, GIN_AND_IT, RUM_AND_IT],
    } satisfies MakeableIds);
  });

  it('match/:id: each line with its coverage and via names, and whether the bar makes it; unknown id -> null', () => {
    expect(answerBarRead(url(`/api/me/bar/match/${DAIQUIRI}`), inputs())).toEqual({
      cocktailId: DAIQUIRI,
      lines: [
        { position: 0, ingredient: named(RUM), coverage: 'missing', via: null },
        { position: 1, ingredient: named(LIME_JUICE), coverage: 'fresh', via: named(LIME) },
        { position: 2, ingredient: named(SIMPLE_SYRUP), coverage: 'house-made', via: named(SIMPLE_SYRUP) },
      ],
      canMake: false,
    } satisfies RecipeMatch);
    expect(answerBarRead(url(`/api/me/bar/match/${PINK_GIN}`), inputs({ bar: bar([LONDON_DRY, BITTERS]) }))).toEqual({
      cocktailId: PINK_GIN,
      lines: [
        { position: 0, ingredient: named(LONDON_DRY), coverage: 'in-stock', via: named(LONDON_DRY) },
        { position: 1, ingredient: named(BITTERS), coverage: 'in-stock', via: named(BITTERS) },
      ],
      canMake: true,
    } satisfies RecipeMatch);
    expect(answerBarRead(url('/api/me/bar/match/999'), inputs())).toBeNull();
  });

  it('the parent does not cover a line asking for the child', () => {
    const answer = answerBarRead(url(`/api/me/bar/match/${PINK_GIN}`), inputs({ bar: bar([GIN, BITTERS]) }));
    expect(answer).toMatchObject({ canMake: false, lines: [{ coverage: 'missing' }, { coverage: 'in-stock' }] });
  });

  it('suggestions: the ingredient as the bar shows it, what it unlocks, examples by name', () => {
    const answer = answerBarRead(url('/api/me/bar/suggestions'), inputs()) as SuggestionList;
    expect(answer).toEqual({
      items: [
        { ingredient: barIngredient(RUM), unlocks: 2, nearer: 0, examples: ['Añejo Old Fashioned', 'Daiquiri'] },
        { ingredient: barIngredient(BITTERS), unlocks: 1, nearer: 0, examples: ['Pink Gin'] },
      ],
    });
  });

  it('suggestions count cocktails brought within one', () => {
    const answer = answerBarRead(url('/api/me/bar/suggestions'), inputs({ bar: bar([SUGAR]) })) as SuggestionList;
    const rum = answer.items.find((item) => item.ingredient.id === RUM);
    expect(rum).toEqual({ ingredient: barIngredient(RUM), unlocks: 1, nearer: 2, examples: ['Añejo Old Fashioned'] });
  });

  it('applies the kept swaps: a swap covers the line it names', () => {
    const swaps: SwapList = { items: [{ from: barIngredient(RUM), to: barIngredient(GIN) }] };
    const given = inputs({ swaps });
    expect(idsOf(page('/api/me/bar/makeable?view=can-make', given))).toEqual([
      ANEJO,
      DAIQUIRI,
      GIMLET,
      GIN_AND_IT,
      RUM_AND_IT,
    ]);
    expect(idsOf(page('/api/me/bar/makeable?view=one-away', given))).toEqual([PINK_GIN]);
    expect(answerBarRead(url(`/api/me/bar/match/${DAIQUIRI}`), given)).toMatchObject({
      canMake: true,
      lines: [{ position: 0, ingredient: named(RUM), coverage: 'swap', via: named(LONDON_DRY) }, {}, {}],
    });
    expect(answerBarRead(url('/api/me/bar/makeable-ids'), given)).toEqual({
      ids: [ANEJO, DAIQUIRI, GIMLET, GIN_AND_IT, RUM_AND_IT],
    });
  });

  it('a waiting bottle write changes the views', () => {
    const added = inputs({ pending: [write('PUT', `/api/me/bar/${BITTERS}`)] });
    expect(idsOf(page('/api/me/bar/makeable?view=can-make', added))).toEqual([
      GIMLET,
      GIN_AND_IT,
      PINK_GIN,
      RUM_AND_IT,
    ]);
    expect(answerBarRead(url('/api/me/bar/makeable-ids'), added)).toEqual({
      ids: [GIMLET, GIN_AND_IT, PINK_GIN, RUM_AND_IT],
    });
    expect(answerBarRead(url(`/api/me/bar/match/${PINK_GIN}`), added)).toMatchObject({ canMake: true });

    const removed = inputs({ pending: [write('DELETE', `/api/me/bar/${LONDON_DRY}`)] });
    expect(page('/api/me/bar/makeable?view=can-make', removed)?.total).toBe(0);
    const oneAway = page('/api/me/bar/makeable?view=one-away', removed);
    expect(idsOf(oneAway)).toEqual([ANEJO, DAIQUIRI, GIMLET, GIN_AND_IT, RUM_AND_IT]);
    expect(oneAway?.items.map((item) => item.missing?.name)).toEqual([
      'White rum',
      'White rum',
      'Gin',
      'Gin',
      'White rum',
    ]);
    const suggestions = answerBarRead(url('/api/me/bar/suggestions'), removed) as SuggestionList;
    expect(
      suggestions.items.slice(0, 3).map(({ ingredient: { id }, unlocks, nearer }) => [id, unlocks, nearer]),
    ).toEqual([
      [LONDON_DRY, 3, 1],
      [GIN, 3, 0],
      [RUM, 3, 0],
    ]);
  });

  it('answers null for paths it does not know', () => {
    for (const path of [
      '/api/me/bar/other',
      '/api/me/bar/6',
      '/api/me/bar/match/abc',
      '/api/me/bar/match/',
      '/api/me/bar/makeable/extra',
      '/api/me/shopping-list',
      '/api/me/swaps',
      '/api/cocktails',
    ]) {
      expect(answerBarRead(url(path), inputs()), path).toBeNull();
    }
  });

  it('answers null for the views when no bar is kept', () => {
    for (const path of [
      '/api/me/bar/makeable?view=can-make',
      '/api/me/bar/makeable?view=one-away',
      '/api/me/bar/makeable-ids',
      `/api/me/bar/match/${GIMLET}`,
      '/api/me/bar/suggestions',
    ]) {
      expect(
        answerBarRead(url(path), inputs({ bar: null, pending: [write('PUT', '/api/me/bar/1')] })),
        path,
      ).toBeNull();
    }
  });
});

describe('answerBarRead runs the shared matcher as it is', () => {
  const matcher = buildMatcher(INDEX.match);
  const stockOf = (ids: readonly number[], swaps: BarStock['swaps'] = []): BarStock => ({ owned: [...ids], swaps });

  it('can-make and one-away hold the classification of the same bar', () => {
    for (const owned of [[], [LONDON_DRY, SUGAR, LIME, VERMOUTH], [GIN, LIME_JUICE], [RUM, SIMPLE_SYRUP, BITTERS]]) {
      const classified = matcher.classify(stockOf(owned));
      const given = inputs({ bar: bar(owned) });
      expect(idsOf(page('/api/me/bar/makeable?view=can-make', given)), String(owned)).toEqual(classified.canMake);
      expect(idsOf(page('/api/me/bar/makeable?view=one-away', given)), String(owned)).toEqual(classified.oneAway);
      expect(page('/api/me/bar/makeable?view=one-away', given)?.items.map((item) => item.missing?.id)).toEqual(
        classified.oneAwayMissing,
      );
    }
  });

  it('holds for any bar', () => {
    const ids = INGREDIENTS.map((item) => item.id);
    fc.assert(
      fc.property(fc.subarray(ids), fc.boolean(), (owned, swapped) => {
        const swapList: SwapList | null = swapped
          ? { items: [{ from: barIngredient(RUM), to: barIngredient(GIN) }] }
          : null;
        const given = inputs({ bar: bar(owned), swaps: swapList });
        const classified = matcher.classify(stockOf(owned, swapped ? [{ fromId: RUM, toId: GIN }] : []));
        const canMake = page('/api/me/bar/makeable?view=can-make', given)!;
        const oneAway = page('/api/me/bar/makeable?view=one-away', given)!;
        expect(canMake.total).toBe(classified.canMake.length);
        expect(oneAway.total).toBe(classified.oneAway.length);
        expect(idsOf(canMake)).toEqual(classified.canMake);
        expect(idsOf(oneAway)).toEqual(classified.oneAway);
        expect(answerBarRead(url('/api/me/bar/makeable-ids'), given)).toEqual({ ids: classified.canMake });
        for (const item of canMake.items) {
          expect(item.lines.some((l) => l.coverage === 'missing')).toBe(false);
          expect(item.missing).toBeNull();
        }
        for (const item of oneAway.items) {
          const missing = item.lines.filter((l) => l.coverage === 'missing');
          expect(missing).toHaveLength(1);
          expect(item.missing).toEqual(missing[0]!.ingredient);
        }
      }),
    );
  });
});

describe("answerBarRead: the user's own recipes", () => {
  const YUZU = 9001;
  const AARDVARK = 501;
  const BRAMBLE = 502;
  const YUZU_SOUR = 503;

  /** An own recipe's line as its detail answers it. */
  const ownLine = (position: number, ingredientId: number, optional = false) => ({
    position,
    ingredient_id: ingredientId,
    ingredient: byId.get(ingredientId)?.name ?? 'Yuzu cordial',
    amount: 30,
    amount_max: null,
    unit: 'ml',
    is_optional: optional,
    note: null,
    abv: 0,
    category: byId.get(ingredientId)?.category ?? 'Other',
  });

  /** An own recipe as `GET /api/me/recipes` answers it. */
  function ownRecipe(id: number, name: string, lines: OwnRecipe['ingredients']): OwnRecipe {
    return {
      ...card(id, name),
      slug: `u--${id}`,
      strength: 'Strong',
      served_over_ice: null,
      instructions: 'Shake hard and strain.',
      ingredients: lines,
      source: null,
      photo: null,
      shareSlug: id === BRAMBLE ? 'share-bramble' : null,
    };
  }

  const AARDVARK_RECIPE = ownRecipe(AARDVARK, 'Aardvark Rum', [
    ownLine(0, RUM),
    ownLine(1, VERMOUTH),
    ownLine(2, BITTERS, true),
  ]);
  // Lines out of position order: matching follows the positions.
  const BRAMBLE_RECIPE = ownRecipe(BRAMBLE, 'Bramble House', [
    ownLine(1, LIME_JUICE),
    ownLine(0, GIN),
    ownLine(2, SIMPLE_SYRUP),
  ]);
  const YUZU_RECIPE = ownRecipe(YUZU_SOUR, 'Yuzu Gin Sour', [ownLine(0, GIN), ownLine(1, YUZU)]);
  const OWN: OwnRecipeList = { items: [AARDVARK_RECIPE, BRAMBLE_RECIPE, YUZU_RECIPE], limit: null };
  const yuzuAsKept: BarIngredient = {
    id: YUZU,
    slug: 'u--yuzu-cordial-1a2b3c4d',
    name: 'Yuzu cordial',
    category: 'Other',
    parentId: null,
    houseMade: false,
  };

  const withOwn = (over: Partial<BarInputs> = {}) => inputs({ ownRecipes: OWN, ...over });
  const ownNamed = { id: YUZU, name: 'Yuzu cordial' };

  it("can-make holds an own recipe the bar covers, in name order among the catalogue's, with own: true", () => {
    const answer = page('/api/me/bar/makeable?view=can-make', withOwn());
    expect(idsOf(answer)).toEqual([BRAMBLE, GIMLET, GIN_AND_IT, RUM_AND_IT]);
    expect(answer?.total).toBe(4);
    expect(answer?.items[0]).toEqual({
      cocktail: {
        ...card(BRAMBLE, 'Bramble House'),
        slug: `u--${BRAMBLE}`,
        strength: 'Strong',
        ingredients: [
          { amount: 30, unit: 'ml', ingredient: 'Lime juice' },
          { amount: 30, unit: 'ml', ingredient: 'Gin' },
          { amount: 30, unit: 'ml', ingredient: 'Simple syrup' },
        ],
        own: true,
        shareSlug: 'share-bramble',
      },
      lines: [
        { position: 0, ingredient: named(GIN), coverage: 'below', via: named(LONDON_DRY) },
        { position: 1, ingredient: named(LIME_JUICE), coverage: 'fresh', via: named(LIME) },
        { position: 2, ingredient: named(SIMPLE_SYRUP), coverage: 'house-made', via: named(SIMPLE_SYRUP) },
      ],
      missing: null,
    });
    // The catalogue's cards carry neither field.
    expect(answer?.items[1]?.cocktail).toEqual(cardOf(GIMLET));
    expect(answerBarRead(url('/api/me/bar/makeable-ids'), withOwn())).toEqual({
      ids: [BRAMBLE, GIMLET, GIN_AND_IT, RUM_AND_IT],
    });
  });

  it('one-away holds an own recipe missing one ingredient, named, a free-text one of the own included', () => {
    const answer = page('/api/me/bar/makeable?view=one-away', withOwn());
    expect(idsOf(answer)).toEqual([AARDVARK, ANEJO, DAIQUIRI, PINK_GIN, YUZU_SOUR]);
    expect(answer?.items.map((item) => item.missing)).toEqual([
      named(RUM),
      named(RUM),
      named(RUM),
      named(BITTERS),
      ownNamed,
    ]);
    expect(answer?.items[0]?.cocktail).toMatchObject({
      id: AARDVARK,
      name: 'Aardvark Rum',
      own: true,
      shareSlug: null,
    });
    expect(answer?.items[4]?.lines).toEqual([
      { position: 0, ingredient: named(GIN), coverage: 'below', via: named(LONDON_DRY) },
      { position: 1, ingredient: ownNamed, coverage: 'missing', via: null },
    ]);
    expect(idsOf(page('/api/me/bar/makeable?view=one-away&q=YUZU', withOwn()))).toEqual([YUZU_SOUR]);
    expect(idsOf(page('/api/me/bar/makeable?view=can-make&q=bramble', withOwn()))).toEqual([BRAMBLE]);
  });

  it("match/:id marks an own recipe's lines; its own ingredient in the bar covers only its own line", () => {
    expect(answerBarRead(url(`/api/me/bar/match/${YUZU_SOUR}`), withOwn())).toEqual({
      cocktailId: YUZU_SOUR,
      lines: [
        { position: 0, ingredient: named(GIN), coverage: 'below', via: named(LONDON_DRY) },
        { position: 1, ingredient: ownNamed, coverage: 'missing', via: null },
      ],
      canMake: false,
    } satisfies RecipeMatch);
    const kept = bar([LONDON_DRY, SUGAR, LIME, VERMOUTH]);
    const stocked = withOwn({
      bar: { items: [...kept.items, { ...yuzuAsKept, addedAt: '2024-05-01T10:00:00.000Z' }] },
    });
    expect(answerBarRead(url(`/api/me/bar/match/${YUZU_SOUR}`), stocked)).toMatchObject({
      canMake: true,
      lines: [{}, { position: 1, ingredient: ownNamed, coverage: 'in-stock', via: ownNamed }],
    });
    expect(idsOf(page('/api/me/bar/makeable?view=can-make', stocked))).toEqual([
      BRAMBLE,
      GIMLET,
      GIN_AND_IT,
      RUM_AND_IT,
      YUZU_SOUR,
    ]);
    expect(answerBarRead(url('/api/me/bar/match/9999'), withOwn())).toBeNull();
    // Without the kept list the device knows no own recipe.
    expect(answerBarRead(url(`/api/me/bar/match/${YUZU_SOUR}`), inputs())).toBeNull();
    expect(idsOf(page('/api/me/bar/makeable?view=can-make', inputs({ ownRecipes: { items: [], limit: 10 } })))).toEqual(
      [GIMLET, GIN_AND_IT, RUM_AND_IT],
    );
  });

  it('a waiting PUT of an own ingredient puts it in the bar as a kept answer names it, and the views follow', () => {
    const given = withOwn({ keptIngredients: [yuzuAsKept], pending: [write('PUT', `/api/me/bar/${YUZU}`)] });
    const shown = barWithPending(given);
    expect(shown?.items.find((item) => item.id === YUZU)).toEqual({
      ...yuzuAsKept,
      addedAt: '2025-01-02T03:04:05.000Z',
    });
    expect(answerBarRead(url('/api/me/bar/makeable-ids'), given)).toEqual({
      ids: [BRAMBLE, GIMLET, GIN_AND_IT, RUM_AND_IT, YUZU_SOUR],
    });
    // Never named by a kept answer: named and filed as the recipe's line says, with no slug.
    const unnamed = barWithPending(withOwn({ pending: [write('PUT', `/api/me/bar/${YUZU}`)] }));
    expect(unnamed?.items.find((item) => item.id === YUZU)).toMatchObject({ ...yuzuAsKept, slug: '' });
  });

  it("suggestions count own recipes too, summed with the catalogue's, examples by name; own ingredients suggested", () => {
    const answer = answerBarRead(url('/api/me/bar/suggestions'), withOwn({ keptIngredients: [yuzuAsKept] }));
    expect(answer).toEqual({
      items: [
        {
          ingredient: barIngredient(RUM),
          unlocks: 3,
          nearer: 0,
          examples: ['Aardvark Rum', 'Añejo Old Fashioned', 'Daiquiri'],
        },
        { ingredient: barIngredient(BITTERS), unlocks: 1, nearer: 0, examples: ['Pink Gin'] },
        { ingredient: yuzuAsKept, unlocks: 1, nearer: 0, examples: ['Yuzu Gin Sour'] },
      ],
    } satisfies SuggestionList);
    const unnamed = answerBarRead(url('/api/me/bar/suggestions'), withOwn()) as SuggestionList;
    expect(unnamed.items[2]?.ingredient).toEqual({ ...yuzuAsKept, slug: '' });
  });

  describe('a waiting edit of an own recipe', () => {
    const body = (name: string, lines: OwnRecipeWrite['ingredients']): OwnRecipeWrite => ({
      name,
      base_spirit: 'Gin',
      category: 'Modern',
      description: 'Edited offline.',
      instructions: 'Stir and strain.',
      difficulty_level: 'Easy',
      glassware: 'Coupe',
      technique: 'Stir',
      garnish: '',
      preparation_time: 3,
      flavor_profile: [],
      seasonal_tags: [],
      occasion_tags: [],
      ingredients: lines,
    });
    const sent = (line: { ingredient_id: number } | { ingredient_name: string }, amount = 45) => ({
      ...line,
      amount,
      amount_max: null,
      unit: 'ml' as const,
      is_optional: false,
      note: null,
    });
    const edit = (id: number, written: OwnRecipeWrite) => ({
      ...write('PUT', `/api/me/recipes/${id}`),
      body: JSON.stringify(written),
    });

    it('is matched as written: its lines by id, a free-text line by the ingredient of that name', () => {
      const given = withOwn({
        pending: [
          edit(
            YUZU_SOUR,
            body('Gin & Vermouth Sour', [sent({ ingredient_id: GIN }), sent({ ingredient_name: ' sweet VERMOUTH' })]),
          ),
        ],
      });
      const can = page('/api/me/bar/makeable?view=can-make', given);
      expect(idsOf(can)).toEqual([BRAMBLE, GIMLET, GIN_AND_IT, YUZU_SOUR, RUM_AND_IT]);
      expect(can?.items[3]?.cocktail).toMatchObject({
        id: YUZU_SOUR,
        name: 'Gin & Vermouth Sour',
        description: 'Edited offline.',
        strength: 'Strong',
        ingredients: [
          { amount: 45, unit: 'ml', ingredient: 'Gin' },
          { amount: 45, unit: 'ml', ingredient: 'Sweet vermouth' },
        ],
        own: true,
      });
      expect(idsOf(page('/api/me/bar/makeable?view=one-away', given))).not.toContain(YUZU_SOUR);
    });

    it('is left as the server last answered while a free-text line names nothing the device knows', () => {
      const given = withOwn({
        pending: [
          edit(
            YUZU_SOUR,
            body('Mystery Sour', [sent({ ingredient_id: GIN }), sent({ ingredient_name: 'Mystery shrub' })]),
          ),
        ],
      });
      const away = page('/api/me/bar/makeable?view=one-away', given);
      expect(away?.items.find((item) => item.cocktail.id === YUZU_SOUR)).toMatchObject({
        cocktail: { name: 'Yuzu Gin Sour' },
        missing: ownNamed,
      });
    });

    it('applies in order, and names an own ingredient the device knows by its free text', () => {
      const given = withOwn({
        bar: bar([GIN]),
        pending: [
          edit(
            BRAMBLE,
            body('Bramble Yuzu', [sent({ ingredient_id: GIN }), sent({ ingredient_name: 'yuzu cordial' })]),
          ),
          edit(BRAMBLE, body('Bramble Yuzu', [sent({ ingredient_name: 'YUZU CORDIAL' })])),
        ],
      });
      expect(answerBarRead(url(`/api/me/bar/match/${BRAMBLE}`), given)).toEqual({
        cocktailId: BRAMBLE,
        lines: [{ position: 0, ingredient: ownNamed, coverage: 'missing', via: null }],
        canMake: false,
      });
    });
  });
});

describe("a waiting 'bought'", () => {
  /** A kept list item, its figures as the server last worked them out (before the bottles changed). */
  const listed = (id: number) => ({
    ingredient: barIngredient(id),
    addedAt: '2024-05-01T10:00:00.000Z',
    unlocks: 7,
    examples: ['Stale'],
  });
  const KEPT_LIST: ShoppingListBody = { items: [listed(BITTERS), listed(RUM)], together: { unlocks: 9, examples: [] } };
  const BOUGHT_AT = Date.UTC(2025, 2, 4, 5, 6, 7);
  const bought = write('POST', `/api/me/shopping-list/${BITTERS}/bought`, BOUGHT_AT);
  const given = inputs({ pending: [bought] });
  /** The shopping list as the worker answers it: the waiting writes applied, then its figures worked out again. */
  const listOf = (over: BarInputs) =>
    shoppingWithFigures(shoppingWithPending(KEPT_LIST, over.pending, INDEX.match.ingredients), over);

  it('puts the bottle in the bar, dated when it was bought, as the server does', () => {
    expect(barWithPending(given)?.items.map((item) => item.name)).toEqual([
      'Angostura bitters',
      'Lime',
      'London dry gin',
      'Sugar',
      'Sweet vermouth',
    ]);
    expect(barWithPending(given)?.items[0]).toEqual({ ...barIngredient(BITTERS), addedAt: '2025-03-04T05:06:07.000Z' });
    expect(answerBarRead(url('/api/me/bar'), given)).toEqual(barWithPending(given));
    // A bottle already there keeps its date; a GET or PUT of the path is no 'bought'.
    const again = inputs({ bar: bar([BITTERS]), pending: [bought] });
    expect(barWithPending(again)).toEqual(bar([BITTERS]));
    const notBought = inputs({ pending: [write('PUT', `/api/me/shopping-list/${BITTERS}/bought`)] });
    expect(barWithPending(notBought)?.items.map((item) => item.id)).not.toContain(BITTERS);
  });

  it("moves what it makes into 'Can make now' and out of 'One away' and Buy next", () => {
    expect(idsOf(page('/api/me/bar/makeable?view=can-make'))).toEqual([GIMLET, GIN_AND_IT, RUM_AND_IT]);
    expect(idsOf(page('/api/me/bar/makeable?view=can-make', given))).toEqual([
      GIMLET,
      GIN_AND_IT,
      PINK_GIN,
      RUM_AND_IT,
    ]);
    expect(answerBarRead(url('/api/me/bar/makeable-ids'), given)).toEqual({
      ids: [GIMLET, GIN_AND_IT, PINK_GIN, RUM_AND_IT],
    });
    expect(idsOf(page('/api/me/bar/makeable?view=one-away', given))).not.toContain(PINK_GIN);
    expect(answerBarRead(url(`/api/me/bar/match/${PINK_GIN}`), given)).toMatchObject({ canMake: true });
    const suggested = (answerBarRead(url('/api/me/bar/suggestions'), given) as SuggestionList).items;
    expect(suggested.map((item) => item.ingredient.id)).not.toContain(BITTERS);
  });

  it('answers the list without the item, each figure worked out again over the new bar as the server does', () => {
    const list = listOf(given);
    expect(list).toEqual({
      items: [{ ...listed(RUM), unlocks: 2, examples: ['Añejo Old Fashioned', 'Daiquiri'] }],
      together: { unlocks: 2, examples: ['Añejo Old Fashioned', 'Daiquiri'] },
    });
    // The figures are Buy next's: the same count the suggestions give for the same bar.
    const suggestions = answerBarRead(url('/api/me/bar/suggestions'), given) as SuggestionList;
    expect(suggestions.items.find((item) => item.ingredient.id === RUM)?.unlocks).toBe(list.items[0]?.unlocks);
    // Before it, the bitters were on the list: each item alone, and the whole list together (three drinks, named
    // up to three).
    expect(listOf(inputs())).toEqual({
      items: [
        { ...listed(BITTERS), unlocks: 1, examples: ['Pink Gin'] },
        { ...listed(RUM), unlocks: 2, examples: ['Añejo Old Fashioned', 'Daiquiri'] },
      ],
      together: { unlocks: 3, examples: ['Añejo Old Fashioned', 'Daiquiri', 'Pink Gin'] },
    });
  });

  it('leaves the figures as kept with no bar kept, and an emptied list unlocks nothing', () => {
    const noBar = inputs({ bar: null, pending: [bought] });
    expect(listOf(noBar)).toEqual({ items: [listed(RUM)], together: KEPT_LIST.together });
    const emptied = inputs({ pending: [bought, write('POST', `/api/me/shopping-list/${RUM}/bought`)] });
    expect(listOf(emptied)).toEqual({ items: [], together: { unlocks: 0, examples: [] } });
  });
});
