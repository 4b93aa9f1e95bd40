/**
 * Units of measure for recipe lines: the one unit list of the project.
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

/** Lower-case, accents removed, hyphens and underscores as spaces: 'Whole-Egg' and 'whole-egg' both read 'whole egg'. */
function normaliseIngredient(ingredient: string): string {
  return ingredient.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[-_]+/g, ' ').trim();
}

/**
 * Which egg part an ingredient is, from its name or slug: 'white' (Egg white), 'yolk' (Egg yolk), 'egg' (Whole egg, Egg), or
 * null for anything else (Eggnog, Egg liqueur...). Lets a count unit such as '1 whole Whole egg' carry the egg's volume.
 * @param ingredient the ingredient's name or slug
 */
export function eggPartOf(ingredient: string | null | undefined): EggUnit | null {
  if (!ingredient) return null;
  const name = normaliseIngredient(ingredient);
  if (/\b(liqueur|nog|advocaat|powder|wash)\b/.test(name)) return null;
  if (/\begg whites?\b/.test(name)) return 'white';
  if (/\b(egg )?yolks?\b/.test(name)) return 'yolk';
  if (/\beggs?$/.test(name)) return 'egg';
  return null;
}

/**
 * True when the ingredient is solid sugar (Sugar, Sugar cube, Superfine, Powdered or Demerara sugar...), from its name or slug.
 * Syrups, juices and anything liquid that mentions sugar ('Sugar cane juice', 'Sugar syrup') are not.
 * @param ingredient the ingredient's name or slug
 */
export function isSolidSugar(ingredient: string | null | undefined): boolean {
  if (!ingredient) return false;
  const name = normaliseIngredient(ingredient);
  return /\bsugars?\b/.test(name) && !/\b(syrup|juice|water|cordial|liqueur|free|rum)\b/.test(name);
}

/**
 * Volume in ml that a solid-sugar line adds once the sugar dissolves: grams × {@link SUGAR_DISSOLVED_ML_PER_G}. Spoon and other
 * liquid measures are heaped volumes of sugar, weighed at {@link SUGAR_TSP_G} g per tsp (4.93 ml); a cube is
 * {@link SUGAR_CUBE_G} g. Source of the constants: DOMAIN.md units table.
 * @returns ml, or null for other count units (a pinch of sugar is negligible).
 */
function dissolvedSugarMl(amount: number, unit: string): number | null {
  const grams = solidSugarGrams(amount, unit);
  return grams === null ? null : grams * SUGAR_DISSOLVED_ML_PER_G;
}

/**
 * Grams of solid sugar in `amount` of `unit`: spoon and other liquid measures are heaped volumes weighed at
 * {@link SUGAR_TSP_G} g per tsp (4.93 ml), a cube is {@link SUGAR_CUBE_G} g (DOMAIN.md units table). Batches weigh sugar
 * rather than spoon it.
 * @returns grams, or null for other count units (a pinch).
 */
export function solidSugarGrams(amount: number, unit: string): number | null {
  if (isLiquidUnit(unit)) return ((amount * LIQUID_UNIT_ML[unit]) / LIQUID_UNIT_ML.tsp) * SUGAR_TSP_G;
  if (unit === 'cube') return amount * SUGAR_CUBE_G;
  return null;
}

/**
 * Volume that one recipe line adds to the drink, in ml (DOMAIN.md "Units (to millilitres)"):
 * - liquid units: amount × the unit's size ({@link LIQUID_UNIT_ML});
 * - top / splash: the amount is the expected ml;
 * - rinse: {@link RINSE_RETAINED_ML} (2 ml) per rinse, whatever is poured, since the rest is discarded (no amount = 1 rinse);
 * - egg units: amount × {@link EGG_UNIT_ML} (white 30 ml, whole egg 50 ml, yolk 17 ml); a count unit ('whole', 'piece') of
 *   an egg ingredient gets the same per-egg volume;
 * - solid sugar (see {@link isSolidSugar}): not poured liquid; it adds only its dissolved volume, 0.63 ml per g at 4 g per
 *   cube or teaspoon (so a sugar cube adds 2.52 ml, a teaspoon of sugar 2.52 ml rather than 4.93 ml);
 * - other count units (slice, leaf...): no volume.
 * @param amount amount in `unit` (for top/splash: the expected ml; for rinse: the number of rinses); null when none is given.
 * @param unit the line's unit
 * @param ingredient the ingredient's name or slug, when known: needed to recognise solid sugar and eggs in count units.
 * @returns ml, or null when the line adds no volume (count units, lines without an amount).
 */
export function lineVolumeMl(amount: number | null, unit: string, ingredient?: string | null): number | null {
  if (amount !== null && !Number.isFinite(amount)) return null;
  if (isRinseUnit(unit)) return (amount ?? 1) * RINSE_RETAINED_ML;
  if (amount === null) return null;
  if (isEggUnit(unit)) return amount * EGG_UNIT_ML[unit];
  if (isSolidSugar(ingredient)) return dissolvedSugarMl(amount, unit);
  if (isLiquidUnit(unit)) return amount * LIQUID_UNIT_ML[unit];
  if (isTopUnit(unit)) return amount;
  if (unit === 'whole' || unit === 'piece') {
    const part = eggPartOf(ingredient);
    if (part) return amount * EGG_UNIT_ML[part];
  }
  return null;
}

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
