import type { BatchLineResult } from './batch';
import { isSolidSugar, LIQUID_UNIT_ML, solidSugarGrams, unitLabel, type UnitSystem } from './units';

/**
 * How batched amounts are shown: the exact figure and a measure rounded for a jug or a scale, in the user's ml / oz / cl.
 * Sources: DOMAIN.md "Display" (ml to 1 ml below 100 ml, 5 ml from 100 ml, 10 ml above 1 l; oz as ¼ oz fractions; more than
 * about 8 dashes in ml or tsp; full precision until display). Batch measures convert oz at the true 29.5735 ml (a bottle's
 * worth of "30 ml ounces" would be 1.4 % off); the recipe view's 30 ml convention is for single drinks only.
 */

/** Largest relative error a measure may carry: a rounded measure is always within 2 % of the exact amount (issue 9). */
export const MAX_MEASURE_ERROR = 0.02;
/** Dashes (or drops) up to this count stay in dashes; past it they turn into ml or tsp. Source: DOMAIN.md "Display". */
export const MAX_DASHES_SHOWN = 8;

const QUARTERS = ['', '¼', '½', '¾'] as const;

/** `value` in quarters as a fraction ("7", "1½", "¾"). */
function quarterText(value: number): string {
  const quarters = Math.round(value * 4);
  const whole = Math.floor(quarters / 4);
  const fraction = QUARTERS[quarters % 4] ?? '';
  return whole === 0 ? fraction || '0' : `${whole}${fraction}`;
}

/** A number as text with at most `decimals` decimals and no trailing zeros. */
function decimalText(value: number, decimals: number): string {
  return String(Number(value.toFixed(decimals)));
}

/** One way to round: a step in the display unit and how to write a multiple of it. */
interface Step {
  size: number;
  text: (value: number) => string;
}

const decimalSteps: Step[] = [
  { size: 0.1, text: (v) => decimalText(v, 1) },
  { size: 0.01, text: (v) => decimalText(v, 2) },
  { size: 0.001, text: (v) => decimalText(v, 3) },
  { size: 0.0001, text: (v) => decimalText(v, 4) },
];
const QUARTER_STEPS: Step[] = [{ size: 0.25, text: quarterText }, ...decimalSteps];

/**
 * The bound {@link roundWithin} checks against: a hair under {@link MAX_MEASURE_ERROR}, so that converting the rounded value
 * back to ml (one more floating-point multiplication) cannot carry an error of 2.0000000001 %.
 */
const ROUNDING_BOUND = MAX_MEASURE_ERROR * (1 - 1e-9);

/**
 * Rounds `value` with the coarsest step whose result is within {@link MAX_MEASURE_ERROR} of it (the last step otherwise;
 * the finest step, 0.0001, keeps anything from 0.005 up within it).
 * @returns the rounded value and its text
 */
function roundWithin(value: number, steps: readonly Step[]): { value: number; text: string } {
  let best = { value, text: String(value) };
  for (const step of steps) {
    const rounded = Math.round(value / step.size) * step.size;
    best = { value: rounded, text: step.text(rounded) };
    if (value === 0 || Math.abs(rounded - value) / value < ROUNDING_BOUND) return best;
  }
  return best;
}

/** The ml steps allowed for `ml`: DOMAIN.md's display step (1 ml below 100, 5 ml below 1 l, 10 ml above) and finer ones. */
function mlSteps(ml: number): Step[] {
  const display = ml < 100 ? 1 : ml < 1000 ? 5 : 10;
  return [
    ...[10, 5, 1, 0.5]
      .filter((size) => size <= display)
      .map((size) => ({ size, text: (v: number) => decimalText(v, 1) })),
    ...decimalSteps,
  ];
}

/** A measure: its text with the unit ("210 ml", "7 oz", "21 cl"), and the rounded amount back in ml. */
export interface Measure {
  text: string;
  ml: number;
}

/**
 * Rounds a batched volume for measuring, in the chosen system (DOMAIN.md "Display"): ml to the display step (1 / 5 / 10 ml)
 * or finer, cl the same, oz to ¼ oz fractions or finer (under ¼ oz: teaspoons); always within 2 % of the exact amount for
 * anything of 0.1 ml or more.
 * @param ml exact volume in ml (≥ 0)
 * @param system 'ml', 'oz' or 'cl'
 * @example measureVolume(208.33, 'ml') -> { text: '210 ml', ml: 210 }
 */
export function measureVolume(ml: number, system: UnitSystem): Measure {
  if (system === 'oz' && ml < LIQUID_UNIT_ML.oz / 4) {
    const tsp = roundWithin(ml / LIQUID_UNIT_ML.tsp, QUARTER_STEPS);
    return { text: `${tsp.text} tsp`, ml: tsp.value * LIQUID_UNIT_ML.tsp };
  }
  if (system === 'oz') {
    const oz = roundWithin(ml / LIQUID_UNIT_ML.oz, QUARTER_STEPS);
    return { text: `${oz.text} oz`, ml: oz.value * LIQUID_UNIT_ML.oz };
  }
  const rounded = roundWithin(ml, mlSteps(ml));
  if (system === 'cl') return { text: `${decimalText(rounded.value / 10, 4)} cl`, ml: rounded.value };
  return { text: `${rounded.text} ml`, ml: rounded.value };
}

/**
 * Rounds one glass's pour for a jigger: ml (and cl) to 1 ml rather than the batch's 5 ml steps, oz as {@link measureVolume};
 * always within 2 %.
 * @param ml exact pour in ml
 * @example measurePour(108, 'ml') -> { text: '108 ml', ml: 108 }
 */
export function measurePour(ml: number, system: UnitSystem): Measure {
  if (system === 'oz') return measureVolume(ml, system);
  const rounded = roundWithin(ml, mlSteps(Math.min(ml, 99)));
  if (system === 'cl') return { text: `${decimalText(rounded.value / 10, 4)} cl`, ml: rounded.value };
  return { text: `${rounded.text} ml`, ml: rounded.value };
}

/** Grams per avoirdupois ounce (exact by definition: 28.349523125 g). */
const GRAMS_PER_OUNCE = 28.349523125;

/**
 * A weight as a measure: grams to the same within-2 % steps as ml (1 / 5 / 10 g), or ounces by weight in oz mode.
 * @param grams exact weight in g
 */
export function formatWeight(grams: number, system: UnitSystem): string {
  if (system === 'oz') return `${roundWithin(grams / GRAMS_PER_OUNCE, QUARTER_STEPS).text} oz (weight)`;
  return `${roundWithin(grams, mlSteps(grams)).text} g`;
}

/**
 * The exact figure of a batched volume, for the "exact" column: ml to 0.1 ml ("208.3 ml"), oz to 0.01 oz, cl to 0.01 cl.
 * @param ml exact volume in ml
 */
export function formatExactVolume(ml: number, system: UnitSystem): string {
  if (system === 'oz') return `${decimalText(ml / LIQUID_UNIT_ML.oz, 2)} oz`;
  if (system === 'cl') return `${decimalText(ml / 10, 2)} cl`;
  return `${decimalText(ml, 1)} ml`;
}

/** Grams of solid sugar a batched line holds, or null when the line is not solid sugar. */
function sugarGrams(result: BatchLineResult): number | null {
  const { line, totalMl, perServingMl } = result;
  if (!isSolidSugar(line.ingredient) || line.amount === null || totalMl === null || !perServingMl) return null;
  const grams = solidSugarGrams(line.amount, line.unit);
  return grams === null ? null : grams * (totalMl / perServingMl);
}

/**
 * The exact amount of one batched line: its volume ({@link formatExactVolume}), or for solid sugar its weight to 0.1 g.
 * @returns the text, or null when the line has no volume
 */
export function formatExactLine(result: BatchLineResult, system: UnitSystem): string | null {
  const grams = sugarGrams(result);
  if (grams !== null) return `${decimalText(grams, 1)} g`;
  return result.totalMl === null ? null : formatExactVolume(result.totalMl, system);
}

/**
 * The measure of one batched line as a bartender would pour it:
 * - dashes and drops: kept as a count up to {@link MAX_DASHES_SHOWN} (to the nearest half), past it in ml / cl, or in tsp in
 *   oz mode (¼ tsp fractions) (DOMAIN.md "Display");
 * - solid sugar: weighed, in grams (oz mode: ounces by weight), however the recipe spooned it ("325 g");
 * - counted lines (slices, leaves, eggs, rinses): the count rounded up, since nobody buys 6.9 slices ("7 slices");
 * - top-ups: the expected volume ({@link measureVolume});
 * - everything else: {@link measureVolume}.
 * @returns the measure's text, or null when the line has neither a volume nor a count (a garnish without an amount).
 */
export function measureLine(result: BatchLineResult, system: UnitSystem): string | null {
  const { line, totalMl, totalCount } = result;
  const grams = sugarGrams(result);
  if (grams !== null) return formatWeight(grams, system);
  if (totalCount !== null) {
    const count = Math.ceil(totalCount - 1e-9);
    return `${count} ${unitLabel(line.unit, count)}`;
  }
  if (totalMl === null) return null;
  if (line.unit === 'dash' || line.unit === 'drop') {
    const count = totalMl / LIQUID_UNIT_ML[line.unit];
    if (count <= MAX_DASHES_SHOWN + 1e-9) {
      const halves = Math.max(1, Math.round(count * 2)) / 2;
      const text = Number.isInteger(halves) ? String(halves) : `${Math.floor(halves) || ''}½`;
      return `${text} ${unitLabel(line.unit, halves)}`;
    }
    if (system === 'oz' && totalMl < 2 * LIQUID_UNIT_ML.oz) {
      return `${roundWithin(totalMl / LIQUID_UNIT_ML.tsp, QUARTER_STEPS).text} tsp`;
    }
  }
  return measureVolume(totalMl, system).text;
}
