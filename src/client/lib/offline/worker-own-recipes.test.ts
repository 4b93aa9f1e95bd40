import { describe, expect, it } from 'vitest';
import type { BarIngredient } from '@/shared/schemas/my-bar';
import type { OfflineIndex, OfflineMatchIngredient } from '@/shared/schemas/offline';
import type { OwnRecipe, OwnRecipeList, OwnRecipeWrite } from '@/shared/schemas/recipes';
import { queuedWrite, testCard } from './test/fixtures';
import { ownRecipeListWithPending } from './worker-own-recipes';

const GIN = 1;
const LIME_JUICE = 2;
const YUZU = 9001;

const known = (id: number, name: string, category: OfflineMatchIngredient['category']): OfflineMatchIngredient => ({
  id,
  slug: name.toLowerCase().replace(/ /g, '-'),
  name,
  category,
  parentId: null,
  houseMade: false,
  parts: [],
  variant: false,
});

const INDEX: OfflineIndex = {
  version: 'own-list-test-1',
  items: [],
  match: { ingredients: [known(GIN, 'Gin', 'Spirits'), known(LIME_JUICE, 'Lime juice', 'Juices')], cocktails: [] },
};

/** The user's own ingredient as a kept answer of the server (the bar, the shopping list) names it. */
const YUZU_KEPT: BarIngredient = {
  id: YUZU,
  slug: 'u--yuzu-cordial',
  name: 'Yuzu cordial',
  category: 'Other',
  parentId: null,
  houseMade: false,
};

/** An own recipe as `GET /api/me/recipes` answers it, with one gin line. */
function ownRecipe(id: number, name: string): OwnRecipe {
  return {
    ...testCard({ id, name, slug: `u--${id}` }),
    strength: 'Strong',
    served_over_ice: null,
    instructions: 'Shake hard and strain.',
    ingredients: [
      {
        position: 0,
        ingredient_id: GIN,
        ingredient: 'Gin',
        amount: 50,
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
}

const KEPT: OwnRecipeList = { items: [ownRecipe(11, 'Aviation House'), ownRecipe(12, 'Bramble House')], limit: 10 };

/** An edit as the page sends it. */
const written = (name: string, lines: OwnRecipeWrite['ingredients']): OwnRecipeWrite => ({
  name,
  base_spirit: 'Gin',
  category: 'Modern',
  description: 'Edited offline.',
  instructions: 'Stir with ice, then strain.',
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
const line = (ingredient: { ingredient_id: number } | { ingredient_name: string }) => ({
  ...ingredient,
  amount: 25,
  amount_max: null,
  unit: 'ml' as const,
  is_optional: false,
  note: null,
});
const edit = (id: number, body: OwnRecipeWrite) =>
  queuedWrite('PUT', `/api/me/recipes/${id}`, { body: JSON.stringify(body) });

const inputs = (pending: ReturnType<typeof edit>[], index: OfflineIndex | null = INDEX) => ({
  index,
  keptIngredients: [YUZU_KEPT],
  pending,
});

describe('ownRecipeListWithPending', () => {
  it('answers the kept list as it is when no edit of its recipes waits', () => {
    expect(ownRecipeListWithPending(KEPT, inputs([]))).toBe(KEPT);
    const elsewhere = [edit(99, written('Not kept', [line({ ingredient_id: GIN })]))];
    expect(ownRecipeListWithPending(KEPT, inputs(elsewhere))).toBe(KEPT);
  });

  it("lays a waiting edit over its recipe: the written fields and lines, in the server's name order", () => {
    const list = ownRecipeListWithPending(
      KEPT,
      inputs([
        edit(11, written('Yuzu Gimlet', [line({ ingredient_id: GIN }), line({ ingredient_name: 'lime JUICE' })])),
      ]),
    );
    expect(list.limit).toBe(10);
    expect(list.items.map((recipe) => [recipe.id, recipe.name])).toEqual([
      [12, 'Bramble House'],
      [11, 'Yuzu Gimlet'],
    ]);
    expect(list.items[1]).toMatchObject({
      description: 'Edited offline.',
      instructions: 'Stir with ice, then strain.',
      category: 'Modern',
      strength: 'Strong',
      slug: 'u--11',
    });
    // A line by id keeps its strength; a free-text line is the catalogue's ingredient of that name.
    expect(list.items[1]?.ingredients).toEqual([
      expect.objectContaining({ position: 0, ingredient_id: GIN, ingredient: 'Gin', amount: 25, abv: 40 }),
      expect.objectContaining({ position: 1, ingredient_id: LIME_JUICE, ingredient: 'Lime juice', category: 'Juices' }),
    ]);
  });

  it("names a free text as the user's own ingredient of that name, else as typed (filed under Other)", () => {
    const list = ownRecipeListWithPending(
      KEPT,
      inputs([
        edit(
          12,
          written('Bramble House', [line({ ingredient_name: 'Yuzu Cordial' }), line({ ingredient_name: 'Shrub' })]),
        ),
      ]),
    );
    expect(list.items[1]?.ingredients).toEqual([
      expect.objectContaining({ position: 0, ingredient_id: YUZU, ingredient: 'Yuzu cordial', category: 'Other' }),
      expect.objectContaining({ position: 1, ingredient_id: -2, ingredient: 'Shrub', category: 'Other' }),
    ]);
  });

  it('applies the edits of one recipe in order, the last one showing, with no offline index kept too', () => {
    const list = ownRecipeListWithPending(
      KEPT,
      inputs(
        [
          edit(12, written('Zombie House', [line({ ingredient_id: GIN })])),
          edit(12, written('Aaa First', [line({ ingredient_id: GIN })])),
        ],
        null,
      ),
    );
    expect(list.items.map((recipe) => recipe.name)).toEqual(['Aaa First', 'Aviation House']);
    expect(list.items[0]?.ingredients[0]).toMatchObject({ ingredient_id: GIN, ingredient: 'Gin' });
  });
});
