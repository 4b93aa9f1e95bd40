import type { BatchLineResult, BatchResult } from './batch';
import {
  formatOunces,
  isSolidSugar,
  LIQUID_UNIT_ML,
  OZ_DISPLAY_ML,
  solidSugarGrams,
  SUGAR_DISSOLVED_ML_PER_G,
  unitLabel,
  type UnitSystem,
} from './units';

/**
 * How batched amounts are shown: the exact figure and a measure rounded for a jug or a scale, in the user's ml / oz / cl.
 * Sources: DOMAIN.md "Display" (ml to 1 ml below 100 ml, 5 ml from 100 ml, 10 ml above 1 l; oz as ¼ oz fractions; more than
 * about 8 dashes in ml or tsp; full precision until display). Batch measures convert oz at the true 29.5735 ml (a bottle's
 * worth of "30 ml ounces" would be 1.4 % off); the recipe view's 30 ml convention is for single drinks only.
 */

/** Largest relative error a measure may carry: a rounded measure is always within 2 % of the exact amount. */
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

/** How a measure rounds: to the nearest step, or down to one (never more than the exact amount, so a batch fits). */
export type Rounding = 'nearest' | 'down';

/** `value` rounded to a multiple of `size`; down allows a billionth of a step of float noise (124.9999999 is 125). */
function roundTo(value: number, size: number, rounding: Rounding): number {
  return (rounding === 'down' ? Math.floor(value / size + 1e-9) : Math.round(value / size)) * size;
}

/**
 * Rounds `value` with the coarsest step whose result is within {@link MAX_MEASURE_ERROR} of it (the last step otherwise;
 * the finest step, 0.0001, keeps anything from 0.005 up within it), to the nearest step or down.
 * @returns the rounded value and its text
 */
function roundWithin(
  value: number,
  steps: readonly Step[],
  rounding: Rounding = 'nearest',
): { value: number; text: string } {
  let best = { value, text: String(value) };
  for (const step of steps) {
    const rounded = roundTo(value, step.size, rounding);
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
 * @param rounding 'nearest' (default) or 'down': the coarsest step whose value below `ml` is within 2 % ("205 ml")
 * @example measureVolume(208.33, 'ml') -> { text: '210 ml', ml: 210 }
 */
export function measureVolume(ml: number, system: UnitSystem, rounding: Rounding = 'nearest'): Measure {
  if (system === 'oz' && ml < LIQUID_UNIT_ML.oz / 4) {
    const tsp = roundWithin(ml / LIQUID_UNIT_ML.tsp, QUARTER_STEPS, rounding);
    return { text: `${tsp.text} tsp`, ml: tsp.value * LIQUID_UNIT_ML.tsp };
  }
  if (system === 'oz') {
    const oz = roundWithin(ml / LIQUID_UNIT_ML.oz, QUARTER_STEPS, rounding);
    return { text: `${oz.text} oz`, ml: oz.value * LIQUID_UNIT_ML.oz };
  }
  const rounded = roundWithin(ml, mlSteps(ml), rounding);
  if (system === 'cl') return { text: `${decimalText(rounded.value / 10, 4)} cl`, ml: rounded.value };
  return { text: `${rounded.text} ml`, ml: rounded.value };
}

/**
 * Rounds one glass's pour for a jigger: ml (and cl) to 1 ml rather than the batch's 5 ml steps, within 2 %; oz to the
 * nearest ¼ oz at OZ_DISPLAY_ML (30) ml per oz, the rule a recipe card shows its lines by (units.ts formatOunces), since
 * a jigger measures quarter ounces: the card, the steps and the pour per glass say the same. The batch's own measures
 * (a measuring jug's) keep {@link measureVolume}.
 * @param ml exact pour in ml
 * @example measurePour(108, 'ml') -> { text: '108 ml', ml: 108 }; measurePour(108, 'oz') -> { text: '3½ oz', ml: 105 }
 */
export function measurePour(ml: number, system: UnitSystem): Measure {
  if (system === 'oz') {
    const quarters = Math.max(1, Math.round((ml / OZ_DISPLAY_ML) * 4));
    return { text: `${formatOunces(quarters / 4)} oz`, ml: (quarters / 4) * OZ_DISPLAY_ML };
  }
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
  return weighed(grams, system, 'nearest').text;
}

/** A weight rounded as {@link formatWeight} says, with the rounded grams. */
function weighed(grams: number, system: UnitSystem, rounding: Rounding): { text: string; grams: number } {
  if (system === 'oz') {
    const oz = roundWithin(grams / GRAMS_PER_OUNCE, QUARTER_STEPS, rounding);
    return { text: `${oz.text} oz (weight)`, grams: oz.value * GRAMS_PER_OUNCE };
  }
  const g = roundWithin(grams, mlSteps(grams), rounding);
  return { text: `${g.text} g`, grams: g.value };
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
  return lineMeasure(result, system, 'nearest')?.text ?? null;
}

/**
 * {@link measureLine}'s measure with the ml it puts into the container (solid sugar: its dissolved volume; counted lines:
 * the count's volume, 0 for slices and leaves), rounded to the nearest step or down.
 */
function lineMeasure(result: BatchLineResult, system: UnitSystem, rounding: Rounding): Measure | null {
  const { line, totalMl, totalCount } = result;
  const grams = sugarGrams(result);
  if (grams !== null) {
    const weight = weighed(grams, system, rounding);
    return { text: weight.text, ml: weight.grams * SUGAR_DISSOLVED_ML_PER_G };
  }
  if (totalCount !== null) {
    const count = rounding === 'down' ? Math.floor(totalCount + 1e-9) : Math.ceil(totalCount - 1e-9);
    const perCount = totalMl !== null && totalCount > 0 ? totalMl / totalCount : 0;
    return { text: `${count} ${unitLabel(line.unit, count)}`, ml: count * perCount };
  }
  if (totalMl === null) return null;
  if (line.unit === 'dash' || line.unit === 'drop') {
    const size = LIQUID_UNIT_ML[line.unit];
    const count = totalMl / size;
    // Under half a dash, rounding down falls back to a volume rather than 0 dashes.
    const fitsDown = rounding === 'nearest' || count >= 0.5 - 1e-9;
    if (count <= MAX_DASHES_SHOWN + 1e-9 && fitsDown) {
      const rounded = rounding === 'down' ? Math.floor(count * 2 + 1e-9) : Math.round(count * 2);
      const halves = (count > 0 ? Math.max(1, rounded) : 0) / 2;
      const text = Number.isInteger(halves) ? String(halves) : `${Math.floor(halves) || ''}½`;
      return { text: `${text} ${unitLabel(line.unit, halves)}`, ml: halves * size };
    }
    if (system === 'oz' && totalMl < 2 * LIQUID_UNIT_ML.oz) {
      const tsp = roundWithin(totalMl / LIQUID_UNIT_ML.tsp, QUARTER_STEPS, rounding);
      return { text: `${tsp.text} tsp`, ml: tsp.value * LIQUID_UNIT_ML.tsp };
    }
  }
  return measureVolume(totalMl, system, rounding);
}

/** One rounded amount of the container: a batched line, the syrup's water or the water to add. */
export interface ContainerMeasure {
  /** The measure's text ("205 ml", "7 oz", "160 g") and the ml it puts into the container. */
  measure: Measure;
  /** The exact ml it stands for. */
  exactMl: number;
  /** True when it was rounded down (below the nearest step) so that the batch fits its container. */
  roundedDown: boolean;
  /** Relative difference from the exact amount (negative: under); more than {@link MAX_MEASURE_ERROR} only for counts. */
  error: number;
}

/** Every rounded amount that goes into the container, and what they add up to. */
export interface BatchMeasures {
  /** One per result line, in order: the rounded measure of a batched line; null for add-at-service lines and lines
   * without a measure. */
  lines: (ContainerMeasure | null)[];
  /** The water solid sugar is dissolved in, or null when there is no sugar to dissolve. */
  syrupWater: ContainerMeasure | null;
  /** The water to add, or null when none is. */
  water: ContainerMeasure | null;
  /** ml the rounded measures add up to: never more than {@link capacityMl} unless {@link overMl} says by how much. */
  totalMl: number;
  /** {@link totalMl} as text in the chosen system ("750 ml", "25¼ oz"). */
  totalText: string;
  /** The container's ml (BatchResult.container.capacityMl). */
  capacityMl: number;
  /** True when some measures were rounded down to fit. */
  roundedDown: boolean;
  /** ml by which counted lines that cannot be cut (eggs in the batch) push the total over the capacity; else 0. */
  overMl: number;
}

/** Water below this is not measured (a hundredth of a ml: under the finest step that stays within 2 %), ml. */
const NEGLIGIBLE_ML = 0.01;
/** Slack for float noise when comparing a total with the capacity, ml. */
const FIT_EPSILON_ML = 1e-6;

/** A rounded total as text: ml to 0.1, cl to 0.01, oz as ¼ oz fractions when it is one, else to 0.01 oz. */
function totalText(ml: number, system: UnitSystem): string {
  if (system === 'oz') {
    const oz = ml / LIQUID_UNIT_ML.oz;
    return Math.abs(oz * 4 - Math.round(oz * 4)) < 1e-6 ? `${quarterText(oz)} oz` : `${decimalText(oz, 2)} oz`;
  }
  return formatExactVolume(ml, system);
}

/**
 * Rounds every amount that goes into the container (each batched line, the syrup's water, the water to add) so that the
 * rounded amounts never add up to more than the container holds (BatchResult.container.capacityMl: the volume asked for,
 * the bottles' capacity, or the exact volume for servings and parties), in any system. Each amount starts at its nearest
 * measure ({@link measureLine}, {@link measureVolume}); while the total is over, the amount rounded up the most is rounded
 * down instead, to the coarsest step within {@link MAX_MEASURE_ERROR} below it. So every measure stays within 2 % of its
 * exact amount, except counts (eggs in the batch), which are whole and are reported in `overMl` when they cannot fit.
 * @example the DOMAIN.md Negroni in a 750 ml bottle: 210 + 210 + 205 ml and 125 ml of water = 750 ml (not 755 ml)
 */
export function measureBatch(result: BatchResult, system: UnitSystem): BatchMeasures {
  const options: { near: Measure; down: Measure; exactMl: number }[] = [];
  const slots: (number | null)[] = result.lines.map((line) => {
    if (line.line.role === 'at-service') return null;
    const near = lineMeasure(line, system, 'nearest');
    const down = lineMeasure(line, system, 'down');
    if (near === null || down === null) return null;
    const exactMl = line.totalMl ?? 0;
    options.push({ near, down: down.ml <= near.ml ? down : near, exactMl });
    return options.length - 1;
  });
  const volume = (ml: number): number | null => {
    if (!(ml >= NEGLIGIBLE_ML)) return null;
    options.push({ near: measureVolume(ml, system), down: measureVolume(ml, system, 'down'), exactMl: ml });
    return options.length - 1;
  };
  const syrupSlot = volume(result.container.syrupWaterMl);
  const waterSlot = volume(result.container.waterMl);

  const capacityMl = result.container.capacityMl;
  const chosen = options.map(() => false); // true: rounded down
  const sum = () => options.reduce((total, o, i) => total + (chosen[i] ? o.down.ml : o.near.ml), 0);
  let total = sum();
  while (total > capacityMl + FIT_EPSILON_ML) {
    let pick = -1;
    let most = -Infinity;
    options.forEach((o, i) => {
      const saved = o.near.ml - o.down.ml;
      if (chosen[i] || saved <= 0) return;
      const over = o.near.ml - o.exactMl;
      if (over > most) [pick, most] = [i, over];
    });
    if (pick < 0) break;
    chosen[pick] = true;
    total = sum();
  }

  const at = (slot: number | null): ContainerMeasure | null => {
    if (slot === null) return null;
    const o = options[slot] as (typeof options)[number];
    const measure = chosen[slot] ? o.down : o.near;
    const error = o.exactMl > 0 ? (measure.ml - o.exactMl) / o.exactMl : 0;
    return { measure, exactMl: o.exactMl, roundedDown: chosen[slot] === true, error };
  };
  return {
    lines: slots.map(at),
    syrupWater: at(syrupSlot),
    water: at(waterSlot),
    totalMl: total,
    totalText: totalText(total, system),
    capacityMl,
    roundedDown: chosen.some(Boolean),
    overMl: total > capacityMl + FIT_EPSILON_ML ? total - capacityMl : 0,
  };
}
