/**
 * Units of measure for recipe lines: the one unit list of the project.
 *
 * Liquid units convert to millilitres (the canonical storage unit). Count units (piece, slice, sprig...) are not liquid volume.
 * Source of each factor: shared/design/DOMAIN.md "Units (to millilitres)": US fl oz = 29.5735 ml; tsp = 4.93 ml; tbsp = 14.79 ml;
 * dash = 1/32 US fl oz ≈ 0.92 ml (Bar Assistant's 0.3125 ml is too small); drop = 0.05 ml; barspoon = 5 ml (we pick 5 ml,
 * the modern barspoon; some books use 1/8 oz ≈ 3.7 ml).
 */

/** Units whose amount is a liquid volume, with their size in ml. */
export const LIQUID_UNIT_ML = {
  ml: 1,
  cl: 10,
  oz: 29.5735,
  tsp: 4.93,
  tbsp: 14.79,
  barspoon: 5,
  dash: 0.92,
  drop: 0.05,
} as const;

/**
 * Top-up units: a recipe line that fills the glass ("top with soda"). The line's amount holds the expected volume in ml
 * (recipe-defined or a glass-based default) so that volume and ABV never silently drop it (DOMAIN.md, units table).
 */
export const TOP_UNITS = ['top', 'splash'] as const;

/** Count units: things, not liquid volume. Their amount is a count (1 slice, 6 leaves). */
export const COUNT_UNITS = [
  'piece',
  'whole',
  'slice',
  'wedge',
  'peel',
  'sprig',
  'leaf',
  'pinch',
  'cube',
  'scoop',
] as const;

export type LiquidUnit = keyof typeof LIQUID_UNIT_ML;
export type TopUnit = (typeof TOP_UNITS)[number];
export type CountUnit = (typeof COUNT_UNITS)[number];
/** Every unit a recipe line may use. */
export type Unit = LiquidUnit | TopUnit | CountUnit;

/** The one unit list: every unit accepted in the catalogue, the API and the seed. */
export const UNITS = [
  ...(Object.keys(LIQUID_UNIT_ML) as LiquidUnit[]),
  ...TOP_UNITS,
  ...COUNT_UNITS,
] as readonly Unit[];

/** True when `unit` is a liquid volume unit (ml, cl, oz, tsp, tbsp, barspoon, dash, drop). */
export function isLiquidUnit(unit: string): unit is LiquidUnit {
  return Object.hasOwn(LIQUID_UNIT_ML, unit);
}

/** True when `unit` is a top-up unit whose amount is its expected volume in ml. */
export function isTopUnit(unit: string): unit is TopUnit {
  return (TOP_UNITS as readonly string[]).includes(unit);
}

/**
 * Volume of one recipe line in ml.
 * @param amount amount in `unit` (for top/splash: the expected ml); null when the recipe gives none.
 * @returns ml, or null for count units and lines without an amount.
 */
export function lineVolumeMl(amount: number | null, unit: string): number | null {
  if (amount === null || !Number.isFinite(amount)) return null;
  if (isLiquidUnit(unit)) return amount * LIQUID_UNIT_ML[unit];
  if (isTopUnit(unit)) return amount;
  return null;
}

/** Display system chosen by the user's ml/oz toggle. */
export type UnitSystem = 'ml' | 'oz';

/** Units that stay as written whatever the toggle: small bar measures read better as dashes and barspoons. */
const KEEP_AS_WRITTEN: readonly string[] = ['dash', 'drop', 'barspoon', 'tsp', 'tbsp'];

/** Quarter-ounce fractions for display (DOMAIN.md: "oz to 1/4 oz shown as fractions"). */
const QUARTERS = ['', '¼', '½', '¾'] as const;

/**
 * Rounds ml for display (DOMAIN.md "Display"): 1 ml below 100 ml, 5 ml from 100 ml, 10 ml from 1 l.
 * @param ml a volume in ml
 * @returns the rounded volume in ml
 */
export function roundMlForDisplay(ml: number): number {
  if (ml < 100) return Math.max(Math.round(ml), ml > 0 ? 1 : 0);
  if (ml < 1000) return Math.round(ml / 5) * 5;
  return Math.round(ml / 10) * 10;
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

function formatCount(n: number): string {
  if (Number.isInteger(n)) return String(n);
  const halves = Math.round(n * 2) / 2;
  if (Math.abs(halves - n) < 1e-9) return `${Math.floor(halves) || ''}${halves % 1 ? '½' : ''}`;
  return String(Math.round(n * 100) / 100);
}

/**
 * Formats a recipe amount for display in the chosen unit system.
 *
 * - Liquid units in ml mode: converted to ml and rounded by {@link roundMlForDisplay} ("45 ml").
 * - Liquid units in oz mode: converted to oz, shown to the nearest ¼ ("1½ oz").
 * - dash, drop, barspoon, tsp, tbsp: kept as written in both modes ("2 dashes").
 * - top / splash: "Top up" (ml hidden; it is an expected volume, not a measure).
 * - Count units: "1 slice", "6 leaves"; a null amount shows the unit alone.
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
  if (amount === null) return unitLabel(unit, 2);
  if (isLiquidUnit(unit) && !KEEP_AS_WRITTEN.includes(unit)) {
    const ml = amount * LIQUID_UNIT_ML[unit];
    const mlMax = amountMax === null ? null : amountMax * LIQUID_UNIT_ML[unit];
    if (system === 'oz') {
      const oz = formatOunces(ml / LIQUID_UNIT_ML.oz);
      return mlMax === null ? `${oz} oz` : `${oz}–${formatOunces(mlMax / LIQUID_UNIT_ML.oz)} oz`;
    }
    const shown = roundMlForDisplay(ml);
    return mlMax === null ? `${shown} ml` : `${shown}–${roundMlForDisplay(mlMax)} ml`;
  }
  const range = amountMax === null ? formatCount(amount) : `${formatCount(amount)}–${formatCount(amountMax)}`;
  return `${range} ${unitLabel(unit, amountMax ?? amount)}`;
}
