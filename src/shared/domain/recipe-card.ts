import type { CocktailDetail, CocktailSummary } from '../schemas/cocktail';
import type { RecipeSummary } from '../schemas/recipe-summary';

/**
 * An own recipe as a list item (docs/recipes.md "Where your recipes appear"), one copy for the server (collections, My
 * Bar's views) and the service worker (My Bar offline). No zod here: the worker's bundle stays without it.
 */

/** Every field of a list item a recipe's detail gives as it is: the card's fields but its ingredients, in card order. */
export const CARD_FIELDS = [
  'id',
  'slug',
  'name',
  'base_spirit',
  'category',
  'description',
  'difficulty_level',
  'strength',
  'glassware',
  'technique',
  'garnish',
  'preparation_time',
  'flavor_profile',
  'seasonal_tags',
  'occasion_tags',
  'is_signature',
  'image_url',
] as const satisfies readonly Exclude<keyof CocktailSummary, 'ingredients'>[];

/** A card field {@link CARD_FIELDS} leaves out: none (the compiler refuses the list until it names every one). */
type UnlistedCardField = Exclude<Exclude<keyof CocktailSummary, 'ingredients'>, (typeof CARD_FIELDS)[number]>;
const everyCardField: [UnlistedCardField] extends [never] ? true : UnlistedCardField = true;
void everyCardField;

/** What an own recipe's card is made from: its detail's card fields and lines (an OwnRecipe or a stored detail). */
export type CardSource = Pick<CocktailDetail, (typeof CARD_FIELDS)[number]> & {
  slug: string;
  ingredients: readonly Pick<CocktailDetail['ingredients'][number], 'amount' | 'unit' | 'ingredient'>[];
};

/**
 * An own recipe as a list item: exactly the catalogue's card fields (what the detail holds beyond them stays out), its
 * lines as card items (amount, unit, ingredient's name) in the detail's order, marked `own`, with its share link's slug
 * (null while sharing is off).
 */
export function ownRecipeCard(detail: CardSource, shareSlug: string | null): RecipeSummary {
  const card = Object.fromEntries(CARD_FIELDS.map((key) => [key, detail[key]])) as Omit<RecipeSummary, 'ingredients'>;
  return {
    ...card,
    ingredients: detail.ingredients.map((line) => ({
      amount: line.amount,
      unit: line.unit,
      ingredient: line.ingredient,
    })),
    own: true,
    shareSlug,
  };
}
