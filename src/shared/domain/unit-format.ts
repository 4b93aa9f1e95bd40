import { isCountUnit, isEggUnit, isLiquidUnit, isRinseUnit, isTopUnit, LIQUID_UNIT_ML, type Unit } from './unit-kinds';

/** Showing amounts: the ml / oz / cl display systems, unit labels and a recipe line's text. */

/** Display system chosen by the user's ml / oz / cl toggle (the one choice for recipes and the batch calculator). */
export type UnitSystem = 'ml' | 'oz' | 'cl';

/** Every display system, in the order the toggles show them. */
export const UNIT_SYSTEMS: readonly UnitSystem[] = ['ml', 'oz', 'cl'];

/** True when `value` names a display system ('ml', 'oz' or 'cl'). */
export function isUnitSystem(value: unknown): value is UnitSystem {
  return value === 'ml' || value === 'oz' || value === 'cl';
}

/** A number of centilitres as text: at most two decimals, no trailing zeros (4.5, 2.25, 21). */
function formatCl(cl: number): string {
  return String(Math.round(cl * 100) / 100);
}

/**
 * ml per oz when converting between ml and oz for display only (the maths keeps 29.5735 ml). Source: DOMAIN.md units table,
 * "bars often round to 30; ... default 30 for display rounding only". So 22.5 ml shows as ¾ oz and ¾ oz as 22.5 ml.
 */
export const OZ_DISPLAY_ML = 30;

/** Units that stay as written whatever the toggle: small bar measures read better as dashes and barspoons. */
const KEEP_AS_WRITTEN: readonly string[] = ['dash', 'drop', 'barspoon', 'tsp', 'tbsp'];

/** Quarter-ounce fractions for display (DOMAIN.md: "oz to 1/4 oz shown as fractions"). */
const QUARTERS = ['', '¼', '½', '¾'] as const;

/**
 * Rounds a computed volume for display (DOMAIN.md "Display"): 1 ml below 100 ml, 5 ml from 100 ml, 10 ml from 1 l.
 * @param ml a volume in ml
 * @returns the rounded volume in ml
 */
export function roundMlForDisplay(ml: number): number {
  if (ml < 100) return Math.max(Math.round(ml), ml > 0 ? 1 : 0);
  if (ml < 1000) return Math.round(ml / 5) * 5;
  return Math.round(ml / 10) * 10;
}

/**
 * Shows a volume a recipe states, in ml, as stated: whole and half millilitres are kept exactly ("22.5", "7.5", "102"), since
 * bar specs are written in them (22.5 ml = ¾ oz, 7.5 ml = ¼ oz at {@link OZ_DISPLAY_ML} ml per oz). Anything finer (a
 * conversion such as 0.33 oz) falls back to the DOMAIN.md display rounding ({@link roundMlForDisplay}).
 * @param ml the stated volume in ml
 * @returns the number as text, without the unit
 */
export function formatStatedMl(ml: number): string {
  const halves = Math.round(ml * 2);
  if (ml > 0 && Math.abs(ml * 2 - halves) < 1e-6)
    return halves % 2 === 0 ? String(halves / 2) : (halves / 2).toFixed(1);
  return String(roundMlForDisplay(ml));
}

/**
 * Formats an ounce amount to the nearest quarter as a fraction: 0.75 -> "¾", 1.5 -> "1½", 2 -> "2".
 * Values that round to 0 show as "¼" so a real ingredient never reads as nothing.
 */
export function formatOunces(oz: number): string {
  const quarters = Math.max(1, Math.round(oz * 4));
  const whole = Math.floor(quarters / 4);
  const fraction = QUARTERS[quarters % 4] ?? '';
  return whole === 0 ? fraction : `${whole}${fraction}`;
}

/**
 * Formats a volume the maths computed (a serving volume, a scaled or batched amount) in the chosen system: ml rounded by
 * {@link roundMlForDisplay} (DOMAIN.md "Display"), the same in cl, or oz to the nearest ¼ at {@link OZ_DISPLAY_ML} ml per oz.
 * @param ml the computed volume in ml, full precision
 * @returns e.g. "110 ml", "11 cl" or "3½ oz"
 */
export function formatComputedVolume(ml: number, system: UnitSystem): string {
  if (system === 'cl') return `${formatCl(roundMlForDisplay(ml) / 10)} cl`;
  return system === 'oz' ? `${formatOunces(ml / OZ_DISPLAY_ML)} oz` : `${roundMlForDisplay(ml)} ml`;
}

/** Singular and plural display names of units. */
const UNIT_LABELS: Record<Unit, [string, string]> = {
  ml: ['ml', 'ml'],
  cl: ['cl', 'cl'],
  oz: ['oz', 'oz'],
  tsp: ['tsp', 'tsp'],
  tbsp: ['tbsp', 'tbsp'],
  barspoon: ['barspoon', 'barspoons'],
  dash: ['dash', 'dashes'],
  drop: ['drop', 'drops'],
  top: ['top up', 'top up'],
  splash: ['splash', 'splash'],
  rinse: ['rinse', 'rinses'],
  egg: ['egg', 'eggs'],
  white: ['white', 'whites'],
  yolk: ['yolk', 'yolks'],
  piece: ['piece', 'pieces'],
  whole: ['whole', 'whole'],
  slice: ['slice', 'slices'],
  wedge: ['wedge', 'wedges'],
  peel: ['peel', 'peels'],
  sprig: ['sprig', 'sprigs'],
  leaf: ['leaf', 'leaves'],
  pinch: ['pinch', 'pinches'],
  cube: ['cube', 'cubes'],
  scoop: ['scoop', 'scoops'],
};

/** Display label of `unit` for `amount` (plural when amount is not 1). Unknown units are returned as given. */
export function unitLabel(unit: string, amount: number | null = 1): string {
  const labels = (UNIT_LABELS as Record<string, [string, string] | undefined>)[unit];
  if (!labels) return unit;
  return amount === 1 ? labels[0] : labels[1];
}

/** A count as text: whole numbers as is, halves as "½" ("1½"), anything else to 2 decimals. */
function formatCount(n: number): string {
  if (Number.isInteger(n)) return String(n);
  const halves = Math.round(n * 2) / 2;
  if (Math.abs(halves - n) < 1e-9) return `${Math.floor(halves) || ''}${halves % 1 ? '½' : ''}`;
  return String(Math.round(n * 100) / 100);
}

/**
 * Formats a recipe amount, as the recipe states it, for display in the chosen unit system.
 *
 * - Liquid units in ml mode: converted to ml and shown as stated by {@link formatStatedMl} ("45 ml", "22.5 ml").
 * - Liquid units in cl mode: the same stated ml divided by 10 ("4.5 cl", 22.5 ml -> "2.25 cl").
 * - Liquid units in oz mode: shown to the nearest ¼ oz ("1½ oz", 22.5 ml -> "¾ oz") at {@link OZ_DISPLAY_ML} ml per oz;
 *   amounts stated in oz stay in oz. Oz amounts shown in ml use the same 30 ml per oz (¾ oz -> "22.5 ml").
 * - dash, drop, barspoon, tsp, tbsp: kept as written in both modes ("2 dashes").
 * - top / splash: "Top up" / "Splash" (ml hidden; it is an expected volume, not a measure); rinse: "Rinse".
 * - Count and egg units: "1 slice", "6 leaves", "1 white"; a null amount shows the unit alone.
 *   Use {@link formatRecipeLine} to drop a unit the ingredient's name already says ("1 Sugar cube", not "1 cube Sugar cube").
 * - Volumes the maths computed (scaled, batched, serving volume) go through {@link formatComputedVolume} instead.
 *
 * @param amount the line's amount in `unit`, or null; `amountMax` an optional upper bound for ranges ("2–3 dashes").
 * @returns the amount and unit as one display string.
 */
export function formatAmount(
  amount: number | null,
  unit: string,
  system: UnitSystem,
  amountMax: number | null = null,
): string {
  if (isTopUnit(unit)) return unit === 'splash' ? 'Splash' : 'Top up';
  if (isRinseUnit(unit)) return amount === null || amount === 1 ? 'Rinse' : `${formatCount(amount)} rinses`;
  if (amount === null) return unitLabel(unit, 2);
  if (isLiquidUnit(unit) && !KEEP_AS_WRITTEN.includes(unit)) {
    const mlPerUnit = unit === 'oz' ? OZ_DISPLAY_ML : LIQUID_UNIT_ML[unit];
    if (system === 'oz') {
      const oz = (n: number) => formatOunces((n * mlPerUnit) / OZ_DISPLAY_ML);
      return amountMax === null ? `${oz(amount)} oz` : `${oz(amount)}–${oz(amountMax)} oz`;
    }
    if (system === 'cl') {
      const cl = (n: number) => formatCl(Number(formatStatedMl(n * mlPerUnit)) / 10);
      return amountMax === null ? `${cl(amount)} cl` : `${cl(amount)}–${cl(amountMax)} cl`;
    }
    const ml = (n: number) => formatStatedMl(n * mlPerUnit);
    return amountMax === null ? `${ml(amount)} ml` : `${ml(amount)}–${ml(amountMax)} ml`;
  }
  const range = amountMax === null ? formatCount(amount) : `${formatCount(amount)}–${formatCount(amountMax)}`;
  return `${range} ${unitLabel(unit, amountMax ?? amount)}`;
}

/** A recipe line as {@link formatRecipeLine} reads it: amount in `unit`, optional upper bound, the ingredient's name. */
export interface RecipeLineInput {
  amount: number | null;
  amount_max?: number | null;
  unit: string;
  ingredient: string;
}

/** The two texts of a recipe line: the amount with its unit ('' when the recipe gives none) and the ingredient's name. */
export interface RecipeLineText {
  amount: string;
  ingredient: string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The amount and ingredient texts of one recipe line, as the recipe and the cards show them.
 *
 * The amount is {@link formatAmount}'s text, except that a count or egg unit that the ingredient's name already says is
 * dropped: '1 Whole egg' (not '1 whole Whole egg'), '1 Sugar cube' (not '1 cube Sugar cube'), '1 Egg white' (unit 'white');
 * when the count is not 1 that word of the name takes the unit's plural ('2 Sugar cubes', '2 Egg whites').
 * A line without an amount shows the ingredient alone (amount ''), except top-ups and rinses ('Top up', 'Rinse').
 *
 * @param line the line: amount in `unit` (null when none), optional `amount_max`, the ingredient's display name.
 * @param system 'ml', 'oz' or 'cl', the user's unit preference.
 */
export function formatRecipeLine(line: RecipeLineInput, system: UnitSystem): RecipeLineText {
  const { amount, unit, ingredient } = line;
  const amountMax = line.amount_max ?? null;
  if (amount === null && !isTopUnit(unit) && !isRinseUnit(unit)) return { amount: '', ingredient };
  if (amount !== null && (isCountUnit(unit) || isEggUnit(unit))) {
    const [singular, plural] = (UNIT_LABELS as Record<string, [string, string]>)[unit] as [string, string];
    const words = [...new Set([plural, singular])].map(escapeRegExp).join('|');
    const match = new RegExp(`(?<![\\p{L}\\p{N}])(${words})(?![\\p{L}\\p{N}])`, 'iu').exec(ingredient);
    if (match) {
      const count = amountMax === null ? formatCount(amount) : `${formatCount(amount)}–${formatCount(amountMax)}`;
      const many = (amountMax ?? amount) !== 1;
      const found = match[1] as string;
      let word = found;
      if (many && found.toLowerCase() === singular && plural !== singular) {
        word = found[0] === found[0]?.toUpperCase() ? plural[0]?.toUpperCase() + plural.slice(1) : plural;
      }
      const name = ingredient.slice(0, match.index) + word + ingredient.slice(match.index + found.length);
      return { amount: count, ingredient: name };
    }
  }
  return { amount: formatAmount(amount, unit, system, amountMax), ingredient };
}
