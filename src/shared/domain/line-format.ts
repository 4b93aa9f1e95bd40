import { unitLabel, type Unit } from './units';

/**
 * Recipe lines written back as text, the inverse of line-parse.ts's parseLine: what the plain-text and Markdown exports
 * write, and what a property test reads back to the same amount, unit and ingredient.
 */

/** Unicode fractions for the amounts bar lines write as fractions (quarters, thirds, halves, eighths). */
const FRACTIONS: [number, string][] = [
  [1 / 8, '⅛'],
  [1 / 4, '¼'],
  [1 / 3, '⅓'],
  [3 / 8, '⅜'],
  [1 / 2, '½'],
  [5 / 8, '⅝'],
  [2 / 3, '⅔'],
  [3 / 4, '¾'],
  [7 / 8, '⅞'],
];

/** An amount as a bartender writes it: '2', '1½', '¾', '22.5'. */
export function formatQuantity(n: number): string {
  const whole = Math.floor(n + 1e-9);
  const rest = n - whole;
  if (rest < 1e-6) return String(whole);
  const fraction = FRACTIONS.find(([value]) => Math.abs(value - rest) < 1e-3);
  if (fraction) return `${whole || ''}${fraction[1]}`;
  return String(Math.round(n * 100) / 100);
}

/** Units a line writes as a word before the ingredient (egg, piece, top and rinse lines are written otherwise). */
const WORD_UNITS: ReadonlySet<Unit> = new Set<Unit>([
  'ml',
  'cl',
  'oz',
  'tsp',
  'tbsp',
  'barspoon',
  'dash',
  'drop',
  'pinch',
  'splash',
  'slice',
  'wedge',
  'peel',
  'sprig',
  'leaf',
  'cube',
  'scoop',
  'whole',
]);

/** The written names of `unit`, one and many (units.ts unitLabel), or null when the unit is not written as a word. */
function unitWords(unit: Unit): [string, string] | null {
  return WORD_UNITS.has(unit) ? [unitLabel(unit, 1), unitLabel(unit, 2)] : null;
}

/** A recipe line as {@link formatLine} writes it. */
export interface LineToWrite {
  amount: number | null;
  amountMax?: number | null;
  unit: Unit;
  ingredient: string;
  note?: string | null;
  optional?: boolean;
}

/**
 * A recipe line as one line of text, the way parseLine (line-parse.ts) reads it back: '1½ oz gin', '2–3 dashes Angostura bitters',
 * 'Top with soda water', '60 ml soda water, to top', 'Absinthe rinse', '1 egg white', 'lime juice (optional), fresh'.
 * Used by the plain-text and Markdown exports.
 */
export function formatLine(line: LineToWrite): string {
  const { amount, unit, ingredient } = line;
  const amountMax = line.amountMax ?? null;
  const count =
    amount === null
      ? ''
      : amountMax === null
        ? formatQuantity(amount)
        : `${formatQuantity(amount)}–${formatQuantity(amountMax)}`;
  let text: string;
  if (unit === 'top') text = amount === null ? `Top with ${ingredient}` : `${count} ml ${ingredient}, to top`;
  else if (unit === 'rinse')
    text = amount === null || amount === 1 ? `${ingredient} rinse` : `${count} ${ingredient} rinses`;
  else if (amount === null) {
    const words = unitWords(unit);
    text =
      words && !['whole'].includes(unit)
        ? `${words[0][0]?.toUpperCase()}${words[0].slice(1)} of ${ingredient}`
        : ingredient;
  } else {
    const words = unitWords(unit);
    const many = (amountMax ?? amount) !== 1;
    // Egg and piece lines, and count words the name already says ('1 sugar cube'), are written as a count and a name.
    const said = words && new RegExp(`\\b(?:${words[0]}|${words[1]})$`, 'i').test(ingredient);
    text = words && !said ? `${count} ${many ? words[1] : words[0]} ${ingredient}` : `${count} ${ingredient}`;
  }
  if (line.optional) text += ' (optional)';
  if (line.note && unit !== 'top') text += `, ${line.note}`;
  return text;
}
