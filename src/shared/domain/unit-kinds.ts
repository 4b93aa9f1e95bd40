/**
 * Units of measure for recipe lines: the one unit list of the project, its kinds and their factors.
 *
 * Liquid units convert to millilitres (the canonical storage unit). Count units (piece, slice, sprig...) are not liquid volume.
 * Source of each factor: shared/design/DOMAIN.md "Units (to millilitres)": US fl oz = 29.5735 ml; tsp = 4.93 ml; tbsp = 14.79 ml;
 * dash = 1/32 US fl oz ≈ 0.92 ml (Bar Assistant's 0.3125 ml is too small); drop = 0.05 ml; barspoon = 5 ml (we pick 5 ml,
 * the modern barspoon; some books use 1/8 oz ≈ 3.7 ml). Eggs (about 30 / 50 / 17 ml for a white / whole egg / yolk), a rinse
 * (about 2 ml retained) and solid sugar (4 g a cube or a teaspoon, 0.63 ml per dissolved g) come from the same table.
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

/**
 * Rinse unit: the glass is coated with the ingredient and the rest is poured away ("absinthe rinse"). The amount counts
 * rinses (normally 1; none given means 1); each leaves {@link RINSE_RETAINED_ML} in the glass.
 */
export const RINSE_UNITS = ['rinse'] as const;

/** ml of a rinse that stays in the glass, per rinse. Source: DOMAIN.md units table, "rinse ... about 2 ml retained". */
export const RINSE_RETAINED_ML = 2;

/**
 * Egg units: one egg ('egg', a whole egg), one egg white ('white') or one egg yolk ('yolk'), with the volume each adds to
 * the glass in ml. Eggs carry no ethanol, so they dilute a drink's ABV. Source: DOMAIN.md units table, "egg white / whole
 * egg / yolk: about 30 / 50 / 17 ml ... they count in total volume and ABV".
 */
export const EGG_UNIT_ML = {
  egg: 50,
  white: 30,
  yolk: 17,
} as const;

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
export type RinseUnit = (typeof RINSE_UNITS)[number];
export type EggUnit = keyof typeof EGG_UNIT_ML;
export type CountUnit = (typeof COUNT_UNITS)[number];
/** Every unit a recipe line may use. */
export type Unit = LiquidUnit | TopUnit | RinseUnit | EggUnit | CountUnit;

/** The one unit list: every unit accepted in the catalogue, the API and the seed. */
export const UNITS = [
  ...(Object.keys(LIQUID_UNIT_ML) as LiquidUnit[]),
  ...TOP_UNITS,
  ...RINSE_UNITS,
  ...(Object.keys(EGG_UNIT_ML) as EggUnit[]),
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

/** True when `unit` is the rinse unit (amount = number of rinses). */
export function isRinseUnit(unit: string): unit is RinseUnit {
  return (RINSE_UNITS as readonly string[]).includes(unit);
}

/** True when `unit` is an egg unit ('egg', 'white', 'yolk'): a count of eggs or egg parts that carries a volume. */
export function isEggUnit(unit: string): unit is EggUnit {
  return Object.hasOwn(EGG_UNIT_ML, unit);
}

/** True when `unit` is a count unit (piece, slice, cube...): a count of things, no volume of its own. */
export function isCountUnit(unit: string): unit is CountUnit {
  return (COUNT_UNITS as readonly string[]).includes(unit);
}

/** Grams of sugar in one sugar cube. Source: DOMAIN.md units table, "sugar (cube about 4 g, tsp about 4 g)". */
export const SUGAR_CUBE_G = 4;
/** Grams of granulated sugar in one level teaspoon (4.93 ml). Source: DOMAIN.md units table, "tsp about 4 g". */
export const SUGAR_TSP_G = 4;
/**
 * ml of solution volume that one gram of sugar adds once dissolved. Source: DOMAIN.md units table, "dissolved sugar adds about
 * 0.63 ml per g" (sucrose's apparent specific volume in water).
 */
export const SUGAR_DISSOLVED_ML_PER_G = 0.63;
