import Papa from 'papaparse';
import { readLines, recipeOf, text, textList, type ImportedRecipe } from './imported-recipe';
import { cellLines } from './cell-lines';
import { readCocktailDb } from './json-readers';
import {
  type Json,
  AMOUNT_KEYS,
  field,
  foldKey,
  GLASS_KEYS,
  INGREDIENT_KEYS,
  NAME_KEYS,
  STEP_KEYS,
  UNIT_KEYS,
} from './json-fields';

/**
 * CSV with a header: one recipe a row (a name, its ingredients in one cell, ...), TheCocktailDB's columns
 * (`strDrink`, `strIngredient1`, `strMeasure1`...) or one ingredient line a row, grouped by the recipe's name. Columns
 * are found under any spelling of their names ('Drink Name', 'recipe_name'), the delimiter from the content.
 */
export function readCsv(source: string): ImportedRecipe[] {
  const parsed = Papa.parse<Record<string, string>>(source.trim(), {
    header: true,
    skipEmptyLines: true,
    transformHeader: (header) => header.trim(),
  });
  const rows: Json[] = parsed.data.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value === 'NA' ? '' : text(value)])),
  );
  const fields = (parsed.meta.fields ?? []).map(foldKey);
  const cell = (row: Json, keys: readonly string[]) => text(field(row, keys));
  if (fields.includes('stringredient1')) return rows.map(readCocktailDb);
  const perLine =
    fields.includes('ingredientdirection') ||
    (fields.some((key) => ['ingredient', 'ingredientname', 'item'].includes(key)) &&
      !fields.some((key) => INGREDIENT_KEYS.includes(key)));
  const fieldsOf = (row: Json): Partial<ImportedRecipe> => ({
    tags: textList(field(row, ['category', 'tags', 'categories'])),
    instructions: cell(row, STEP_KEYS),
    description: cell(row, ['description']),
    glass: cell(row, GLASS_KEYS),
    method: cell(row, ['technique']),
    garnish: cell(row, ['garnish', 'garnishes']),
  });
  if (perLine) {
    const byName = new Map<string, { lines: string[]; row: Json }>();
    for (const row of rows) {
      const name = cell(row, NAME_KEYS);
      let entry = byName.get(name);
      if (!entry) byName.set(name, (entry = { lines: [], row }));
      const direction = cell(row, ['ingredientdirection']);
      const note = cell(row, ['note', 'notes']);
      entry.lines.push(
        direction ||
          `${cell(row, AMOUNT_KEYS)} ${cell(row, UNIT_KEYS)} ${cell(row, ['ingredient', 'ingredientname', 'item'])}${note ? `, ${note}` : ''}`,
      );
    }
    return [...byName].map(([name, { lines, row }]) => recipeOf(name, readLines(lines), fieldsOf(row)));
  }
  return rows.map((row) =>
    recipeOf(cell(row, NAME_KEYS), readLines(cellLines(cell(row, INGREDIENT_KEYS))), {
      ...fieldsOf(row),
      method: '',
    }),
  );
}
