import {
  EGG_UNIT_ML,
  type EggUnit,
  isEggUnit,
  isLiquidUnit,
  isRinseUnit,
  isTopUnit,
  LIQUID_UNIT_ML,
  RINSE_RETAINED_ML,
  SUGAR_CUBE_G,
  SUGAR_DISSOLVED_ML_PER_G,
  SUGAR_TSP_G,
} from './unit-kinds';

/** A recipe line's volume in ml: liquid units by their factor, eggs, rinses and dissolved sugar (docs/domain.md units). */

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
