import { strToU8, zipSync, type Zippable } from 'fflate';
import { unitLabel, type Unit } from '@/shared/domain/units';
import { slugFromName } from '@/shared/domain/venues';
import type { AccountExport, ExportRecipe, ExportRecipeLine } from '@/shared/schemas/export';

/**
 * The user's own recipes as a Bar Assistant datapack: a zip of `cocktails/<_id>/data.json`, each one recipe in Bar
 * Assistant's recipe schema (draft 02, the v4 datapacks': `{recipe, ingredients}`; amounts in the line's own units), and
 * the recipe's photo beside it when it has one. The import's Bar Assistant reader reads it back. Pure but for zipping.
 */

/** One recipe line in Bar Assistant's shape. */
export interface BarAssistantLine {
  _id: string;
  amount: number;
  units: string;
  optional: boolean;
  amount_max: number | null;
  note: string | null;
  substitutes: never[];
  sort: number;
}

/** One recipe file of the datapack (`recipe` and the ingredients its lines name). */
export interface BarAssistantRecipe {
  recipe: {
    _id: string;
    name: string;
    instructions: string;
    created_at: string | null;
    description: string | null;
    source: string | null;
    garnish: string | null;
    abv: number | null;
    tags: string[];
    glass: string | null;
    method: string | null;
    utensils: string[];
    images: { uri: string; sort: number; copyright: string }[];
    ingredients: BarAssistantLine[];
  };
  ingredients: { _id: string; name: string; strength: number | null; description: string | null; category: null }[];
}

/** A photo to put beside a recipe: the file's name in the recipe's folder and its bytes. */
export interface DatapackPhoto {
  file: string;
  bytes: Uint8Array;
}

/** The units word Bar Assistant keeps for one of our units ('ml', 'dashes', 'topup'). */
export function barAssistantUnits(line: Pick<ExportRecipeLine, 'unit' | 'amount' | 'amount_max'>): string {
  if (line.unit === 'top') return 'topup';
  return unitLabel(line.unit as Unit, line.amount_max ?? line.amount ?? 1);
}

/** The `_id` of an ingredient: its catalogue slug, or one made from its name. */
const ingredientIdOf = (line: ExportRecipeLine) => line.slug ?? (slugFromName(line.ingredient) || 'ingredient');

/** One own recipe in Bar Assistant's schema; `id` is its `_id`, `image` the photo file beside it (if any). */
export function toBarAssistantRecipe(recipe: ExportRecipe, id: string, image: string | null): BarAssistantRecipe {
  const ingredients = new Map<string, BarAssistantRecipe['ingredients'][number]>();
  const lines = recipe.ingredients.map((line, index): BarAssistantLine => {
    const ingredientId = ingredientIdOf(line);
    if (!ingredients.has(ingredientId)) {
      ingredients.set(ingredientId, {
        _id: ingredientId,
        name: line.ingredient,
        strength: null,
        description: null,
        category: null,
      });
    }
    return {
      _id: ingredientId,
      amount: line.amount ?? 0,
      units: barAssistantUnits(line),
      optional: line.is_optional,
      amount_max: line.amount_max,
      note: line.note,
      substitutes: [],
      sort: index + 1,
    };
  });
  return {
    recipe: {
      _id: id,
      name: recipe.name,
      instructions: recipe.instructions,
      created_at: recipe.createdAt,
      description: recipe.description || null,
      source: null,
      garnish: recipe.garnish || null,
      abv: null,
      tags: [...recipe.flavor_profile, ...recipe.seasonal_tags, ...recipe.occasion_tags],
      glass: recipe.glassware,
      method: recipe.technique,
      utensils: [],
      images: image ? [{ uri: `file:///${image}`, sort: 1, copyright: '' }] : [],
      ingredients: lines,
    },
    ingredients: [...ingredients.values()],
  };
}

/**
 * The datapack zip of every own recipe in `data`.
 * @param photos recipe key -> the photo to put beside that recipe (optional).
 */
export function renderBarAssistantZip(
  data: AccountExport,
  photos: ReadonlyMap<string, DatapackPhoto> = new Map(),
): Uint8Array {
  const files: Zippable = {};
  const taken = new Set<string>();
  for (const recipe of data.recipes) {
    const base = slugFromName(recipe.name) || 'recipe';
    let id = base;
    for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
    taken.add(id);
    const photo = photos.get(recipe.key) ?? null;
    const body = toBarAssistantRecipe(recipe, id, photo ? photo.file : null);
    files[`cocktails/${id}/data.json`] = strToU8(JSON.stringify(body, null, 2));
    if (photo) files[`cocktails/${id}/${photo.file}`] = [photo.bytes, { level: 0 }];
  }
  return zipSync(files);
}
