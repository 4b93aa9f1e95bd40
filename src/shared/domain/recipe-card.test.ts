import { describe, expect, it } from 'vitest';
import { cocktailSummarySchema } from '../schemas/cocktail';
import { recipeSummarySchema } from '../schemas/recipe-summary';
import { ownRecipeSchema, type OwnRecipe } from '../schemas/recipes';
import { CARD_FIELDS, ownRecipeCard } from './recipe-card';

const RECIPE: OwnRecipe = {
  id: 41,
  slug: 'u--garden-gin-1a2b',
  name: 'Garden Gin',
  base_spirit: 'Gin',
  category: 'Modern',
  description: 'Cucumber and gin.',
  difficulty_level: 'Easy',
  strength: 'Medium',
  glassware: 'Highball',
  technique: 'Build',
  garnish: 'Cucumber ribbon',
  preparation_time: 2,
  flavor_profile: ['Fresh'],
  seasonal_tags: ['Summer'],
  occasion_tags: [],
  is_signature: false,
  image_url: '/media/garden.webp',
  served_over_ice: true,
  instructions: 'Build over ice and top up.',
  ingredients: [
    {
      position: 0,
      ingredient_id: 3,
      ingredient: 'Gin',
      amount: 50,
      amount_max: null,
      unit: 'ml',
      is_optional: false,
      note: 'chilled',
      abv: 40,
      category: 'Spirits',
    },
    {
      position: 1,
      ingredient_id: 900,
      ingredient: 'Cucumber cordial',
      amount: 15,
      amount_max: 20,
      unit: 'ml',
      is_optional: true,
      note: null,
      abv: 0,
      category: 'Other',
    },
  ],
  source: null,
  photo: null,
  shareSlug: 'abc123',
};

describe('ownRecipeCard', () => {
  it("names every card field of the catalogue's list item but its ingredients, in the schema's order", () => {
    expect([...CARD_FIELDS]).toEqual(Object.keys(cocktailSummarySchema.shape).filter((key) => key !== 'ingredients'));
  });

  it('is the card fields as they are, the lines as card items, marked own with its share slug', () => {
    expect(ownRecipeSchema.parse(RECIPE)).toEqual(RECIPE);
    const card = ownRecipeCard(RECIPE, RECIPE.shareSlug);
    expect(card).toEqual({
      id: 41,
      slug: 'u--garden-gin-1a2b',
      name: 'Garden Gin',
      base_spirit: 'Gin',
      category: 'Modern',
      description: 'Cucumber and gin.',
      difficulty_level: 'Easy',
      strength: 'Medium',
      glassware: 'Highball',
      technique: 'Build',
      garnish: 'Cucumber ribbon',
      preparation_time: 2,
      flavor_profile: ['Fresh'],
      seasonal_tags: ['Summer'],
      occasion_tags: [],
      is_signature: false,
      image_url: '/media/garden.webp',
      ingredients: [
        { amount: 50, unit: 'ml', ingredient: 'Gin' },
        { amount: 15, unit: 'ml', ingredient: 'Cucumber cordial' },
      ],
      own: true,
      shareSlug: 'abc123',
    });
    expect(recipeSummarySchema.strict().parse(card)).toEqual(card);
    expect(ownRecipeCard(RECIPE, null).shareSlug).toBeNull();
  });
});
