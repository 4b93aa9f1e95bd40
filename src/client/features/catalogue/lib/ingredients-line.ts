import { formatRecipeLine, type UnitSystem } from '@/shared/domain/units';
import type { CardIngredient } from '@/shared/schemas/cocktail';

/** Longest ingredients line on a card, characters (docs/product.md, Screens: "the first 100 characters of the ingredients line"). */
export const INGREDIENTS_LINE_MAX = 100;
/** What a card says when a cocktail lists no ingredients (docs/product.md, Screens). */
export const NO_INGREDIENTS_TEXT = 'Classic cocktail recipe';

/**
 * One ingredient as a card shows it: "45 ml Gin", "22.5 ml Lime juice" (stated amounts as stated), "1½ oz Lemon juice",
 * "2 dashes Angostura bitters", "Top up Soda water", "Rinse Absinthe", and "1 Sugar cube" / "1 Whole egg" (a unit the name
 * already says is not repeated; see `formatRecipeLine` in shared/domain/units.ts). A line without an amount shows the
 * ingredient alone.
 */
export function formatIngredientItem(item: CardIngredient, system: UnitSystem): string {
  const text = formatRecipeLine(item, system);
  return text.amount ? `${text.amount} ${text.ingredient}` : text.ingredient;
}

/**
 * The card's ingredients line: every item joined by ", ", cut to its first 100 characters (an ellipsis marks a cut).
 * @param ingredients the card items (amount, unit, ingredient) in recipe order
 * @param system 'ml' or 'oz', the user's unit preference
 * @returns the line, or 'Classic cocktail recipe' when there are no ingredients.
 */
export function formatIngredientsLine(ingredients: readonly CardIngredient[], system: UnitSystem): string {
  if (ingredients.length === 0) return NO_INGREDIENTS_TEXT;
  const line = ingredients.map((item) => formatIngredientItem(item, system)).join(', ');
  if (line.length <= INGREDIENTS_LINE_MAX) return line;
  return `${line.slice(0, INGREDIENTS_LINE_MAX).trimEnd()}…`;
}
