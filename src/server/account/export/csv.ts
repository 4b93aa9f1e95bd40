import Papa from 'papaparse';
import { formatLine } from '@/shared/domain/line-format';
import type { Unit } from '@/shared/domain/units';
import type { AccountExport } from '@/shared/schemas/export';

/**
 * The user's own recipes as CSV, one row per recipe line, in the IBA list's layout that the import's CSV reader groups
 * back into recipes by `name`: `ingredient_direction` is the line as formatLine writes it ('40 ml Gin'), beside its parts
 * (`quantity`, `quantity_max`, `unit`, `ingredient`, `optional`, `note`); the recipe's own fields repeat on each of its
 * rows (`category` holds its tags, `method` its instructions, `technique` how it is mixed). RFC 4180 quoting, CRLF rows.
 */

/** The header, in order. */
export const CSV_COLUMNS = [
  'name',
  'category',
  'glass',
  'technique',
  'garnish',
  'description',
  'method',
  'ingredient_direction',
  'quantity',
  'quantity_max',
  'unit',
  'ingredient',
  'optional',
  'note',
] as const;

/** A cell that a spreadsheet would read as a formula ('=', '+', '-', '@' first) gets a leading apostrophe. */
const cell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** The CSV text of every own recipe line in `data`. */
export function renderAccountCsv(data: AccountExport): string {
  const rows: string[][] = [];
  for (const recipe of data.recipes) {
    const tags = [...recipe.flavor_profile, ...recipe.seasonal_tags, ...recipe.occasion_tags].join(', ');
    for (const line of recipe.ingredients) {
      const direction = formatLine({
        amount: line.amount,
        amountMax: line.amount_max,
        unit: line.unit as Unit,
        ingredient: line.ingredient,
        note: line.note,
        optional: line.is_optional,
      });
      rows.push(
        [
          recipe.name,
          tags,
          recipe.glassware,
          recipe.technique,
          recipe.garnish,
          recipe.description,
          recipe.instructions,
          direction,
          line.amount === null ? '' : String(line.amount),
          line.amount_max === null ? '' : String(line.amount_max),
          line.unit,
          line.ingredient,
          line.is_optional ? 'yes' : '',
          line.note ?? '',
        ].map(cell),
      );
    }
  }
  return `${Papa.unparse({ fields: [...CSV_COLUMNS], data: rows }, { newline: '\r\n' })}\r\n`;
}
