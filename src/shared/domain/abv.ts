import { lineVolumeMl } from './units';

/**
 * Alcohol maths for one serving of a recipe.
 * Source: shared/design/DOMAIN.md "Alcohol maths" and "Dilution by method".
 */

/** Preparation techniques of the trade; each sets a default dilution. */
export const TECHNIQUES = ['Shake', 'Stir', 'Build', 'Blend', 'Muddle', 'Layer'] as const;
export type Technique = (typeof TECHNIQUES)[number];

/**
 * Default dilution by technique, as a fraction of the undiluted volume (water added by ice).
 * Source: Bar Assistant's method table (Shake 25 %, Stir 20 %, Build 10 %, Blend 25 %, Muddle 10 %, Layer 0 %); freezer-batch
 * guides agree on 20 % stirred / 25 % shaken.
 */
export const DILUTION_BY_TECHNIQUE: Record<Technique, number> = {
  Shake: 0.25,
  Stir: 0.2,
  Build: 0.1,
  Blend: 0.25,
  Muddle: 0.1,
  Layer: 0,
};

/** Density of ethanol, g/ml at 20 °C (used for ethanol mass and standard drinks). */
export const ETHANOL_DENSITY_G_PER_ML = 0.789;
/** Grams of ethanol in one US standard drink (NIAAA). */
export const US_STANDARD_DRINK_G = 14;
/** Millilitres of ethanol in one UK unit (NHS: 10 ml / 8 g). */
export const UK_UNIT_ML = 10;

/**
 * One recipe line as the ABV maths needs it: an amount in a unit, the ingredient's ABV in % (0 for non-alcoholic) and,
 * when known, the ingredient's name or slug (so that solid sugar and eggs in count units get their true volume; see
 * {@link lineVolumeMl}).
 */
export interface AbvLine {
  amount: number | null;
  unit: string;
  /** Ingredient strength, % ABV (0–100). */
  abv: number;
  /** The ingredient's name or slug ('Sugar cube', 'whole-egg'); optional. */
  ingredient?: string | null;
}

/** The alcohol figures of one serving. Volumes in ml, ABVs in % (0–100). */
export interface RecipeAlcohol {
  /** E: ml of pure ethanol = Σ v_i × abv_i over every line with a volume, top-ups included. */
  ethanolMl: number;
  /** V0: undiluted volume, ml. */
  startVolumeMl: number;
  /** Start ABV = E / V0, %. */
  startAbv: number;
  /** Dilution fraction used (0–1). */
  dilution: number;
  /** W = d × V0, ml of melt water. */
  waterMl: number;
  /** Vs = V0 + W, ml. */
  servingVolumeMl: number;
  /** Final ABV = E / Vs, %. */
  finalAbv: number;
  /** US standard drinks = E × 0.789 / 14. */
  usStandardDrinks: number;
  /** UK units = E / 10. */
  ukUnits: number;
}

/**
 * Computes the alcohol figures of one serving (DOMAIN.md "Alcohol maths": E = Σ v_i × abv_i, V0 = Σ v_i, W = d × V0,
 * final ABV = E / (V0 + W)). Each line's volume v_i in ml is {@link lineVolumeMl}: eggs count (white 30 ml, whole egg 50 ml,
 * yolk 17 ml, no ethanol), a rinse counts the 2 ml left in the glass, solid sugar only its dissolved volume (0.63 ml per g),
 * top-ups their expected volume (DOMAIN.md units table).
 *
 * Check (DOMAIN.md): Negroni 30/30/30 ml at 40/25/16 %, stirred (20 %) -> E = 24.3 ml, start ABV 27 %, water 18 ml,
 * 108 ml at 22.5 %, 1.37 US standard drinks, 2.43 UK units.
 *
 * @param lines recipe lines (amounts in their units, ABV in %); count units (slices, leaves) and lines without an amount add
 *   no volume.
 * @param dilution fraction of water added by the technique (0–1), e.g. {@link DILUTION_BY_TECHNIQUE}.Stir.
 * @returns the figures; all zero when no line has a volume.
 * @throws RangeError when `dilution` is outside 0–1 or a line's ABV is outside 0–100.
 */
export function computeRecipeAlcohol(lines: readonly AbvLine[], dilution: number): RecipeAlcohol {
  if (!(dilution >= 0 && dilution <= 1)) throw new RangeError(`dilution must be between 0 and 1, got ${dilution}`);
  let ethanolMl = 0;
  let startVolumeMl = 0;
  for (const line of lines) {
    if (!(line.abv >= 0 && line.abv <= 100)) throw new RangeError(`abv must be between 0 and 100, got ${line.abv}`);
    const volume = lineVolumeMl(line.amount, line.unit, line.ingredient);
    if (volume === null) continue;
    startVolumeMl += volume;
    ethanolMl += (volume * line.abv) / 100;
  }
  const waterMl = dilution * startVolumeMl;
  const servingVolumeMl = startVolumeMl + waterMl;
  return {
    ethanolMl,
    startVolumeMl,
    startAbv: startVolumeMl > 0 ? (ethanolMl / startVolumeMl) * 100 : 0,
    dilution,
    waterMl,
    servingVolumeMl,
    finalAbv: servingVolumeMl > 0 ? (ethanolMl / servingVolumeMl) * 100 : 0,
    usStandardDrinks: (ethanolMl * ETHANOL_DENSITY_G_PER_ML) / US_STANDARD_DRINK_G,
    ukUnits: ethanolMl / UK_UNIT_ML,
  };
}

/**
 * Convenience: the figures of a recipe prepared by `technique` with its default dilution ({@link DILUTION_BY_TECHNIQUE},
 * DOMAIN.md "Dilution by method"). Volumes in ml, ABVs in %.
 */
export function computeCocktailAlcohol(lines: readonly AbvLine[], technique: Technique): RecipeAlcohol {
  return computeRecipeAlcohol(lines, DILUTION_BY_TECHNIQUE[technique]);
}
