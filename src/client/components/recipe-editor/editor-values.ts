import type { CocktailDetail } from '@/shared/schemas/cocktail';
import type { OwnRecipeWriteInput } from '@/shared/schemas/recipes';

/**
 * The recipe editor's values: the recipe as typed (numbers as text), and the turn of them into a write for the API. One
 * editor writes both a user's own recipes and a venue's signature cocktails (docs/recipes.md); the two contracts differ
 * only in that an own recipe's line may name an ingredient in free text.
 */

/**
 * One ingredient line as the form holds it: the picked ingredient's id (null while none is picked, or for a free-text
 * one) and its name (for a free-text ingredient the name is what is sent), amounts as typed, unit, optional, note.
 */
export interface LineValues {
  ingredient_id: number | null;
  ingredient: string;
  amount: string;
  amount_max: string;
  unit: string;
  is_optional: boolean;
  note: string;
}

/** The editor's values; {@link toWriteInput} turns them into the write the schema judges. */
export interface RecipeEditorValues {
  name: string;
  base_spirit: string;
  category: string;
  glassware: string;
  technique: string;
  difficulty_level: string;
  preparation_time: string;
  garnish: string;
  description: string;
  instructions: string;
  flavor_profile: string[];
  seasonal_tags: string[];
  occasion_tags: string[];
  ingredients: LineValues[];
}

/** A new, empty line (millilitres: the catalogue's unit). */
export const emptyLine = (): LineValues => ({
  ingredient_id: null,
  ingredient: '',
  amount: '',
  amount_max: '',
  unit: 'ml',
  is_optional: false,
  note: '',
});

/** The form's starting values: the recipe being edited, or a new one with everyday choices made. */
export function startValues(recipe: CocktailDetail | null): RecipeEditorValues {
  if (!recipe) {
    return {
      name: '',
      base_spirit: 'Gin',
      category: 'Modern',
      glassware: 'Coupe',
      technique: 'Shake',
      difficulty_level: 'Easy',
      preparation_time: '3',
      garnish: '',
      description: '',
      instructions: '',
      flavor_profile: [],
      seasonal_tags: [],
      occasion_tags: [],
      ingredients: [emptyLine()],
    };
  }
  return {
    name: recipe.name,
    base_spirit: recipe.base_spirit,
    category: recipe.category ?? 'Modern',
    glassware: recipe.glassware,
    technique: recipe.technique,
    difficulty_level: recipe.difficulty_level,
    preparation_time: String(recipe.preparation_time),
    garnish: recipe.garnish,
    description: recipe.description,
    instructions: recipe.instructions,
    flavor_profile: [...recipe.flavor_profile],
    seasonal_tags: [...recipe.seasonal_tags],
    occasion_tags: [...recipe.occasion_tags],
    ingredients: [...recipe.ingredients]
      .sort((a, b) => a.position - b.position)
      .map((line) => ({
        ingredient_id: line.ingredient_id,
        ingredient: line.ingredient,
        amount: line.amount === null ? '' : String(line.amount),
        amount_max: line.amount_max === null ? '' : String(line.amount_max),
        unit: line.unit,
        is_optional: line.is_optional,
        note: line.note ?? '',
      })),
  };
}

/** A number from typed text ('22.5', '22,5'); null for nothing typed; NaN when it is not a number (the schema says so). */
export function parseNumber(text: string): number | null {
  const cleaned = text.trim().replace(',', '.');
  if (cleaned === '') return null;
  return /^\d*\.?\d+$|^\d+\.$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/**
 * The values as a write input (before the schema's trimming and defaults). With `freeText`, a line with a name but no
 * picked ingredient sends the name (`ingredient_name`: an own ingredient); without, it sends a null id the schema refuses
 * with 'choose an ingredient'.
 */
export function toWriteInput(values: RecipeEditorValues, { freeText }: { freeText: boolean }): OwnRecipeWriteInput {
  return {
    name: values.name,
    base_spirit: values.base_spirit,
    category: values.category,
    glassware: values.glassware,
    technique: values.technique,
    difficulty_level: values.difficulty_level,
    preparation_time: parseNumber(values.preparation_time),
    garnish: values.garnish,
    description: values.description,
    instructions: values.instructions,
    flavor_profile: values.flavor_profile,
    seasonal_tags: values.seasonal_tags,
    occasion_tags: values.occasion_tags,
    ingredients: values.ingredients.map((line) => ({
      ...(freeText && line.ingredient_id === null && line.ingredient.trim() !== ''
        ? { ingredient_name: line.ingredient }
        : { ingredient_id: line.ingredient_id }),
      amount: parseNumber(line.amount),
      amount_max: parseNumber(line.amount_max),
      unit: line.unit,
      is_optional: line.is_optional,
      note: line.note.trim() === '' ? null : line.note,
    })),
    // The schema itself refuses what is not of its types (a missing ingredient, text for a number) with its messages.
  } as unknown as OwnRecipeWriteInput;
}
