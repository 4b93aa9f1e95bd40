import { computeRecipeAlcohol, ETHANOL_DENSITY_G_PER_ML, UK_UNIT_ML, US_STANDARD_DRINK_G } from './abv';
import { isCountUnit, isEggUnit, isRinseUnit, isSolidSugar, isTopUnit, lineVolumeMl, solidSugarGrams } from './units';
import { type ServiceStyle, OVER_ICE_DILUTION, FREEZER_SAFE_ABV, type BatchLine } from './batch-lines';

export * from './batch-lines';

/**
 * Batch maths: one recipe scaled into a bottle, a jug, a number of servings or a party, with the water to add, the ABV of
 * what is poured and the bottles to buy. Pure functions; volumes in ml, ABVs in %, dilution as a fraction (0–1).
 * Source of every rule: shared/design/DOMAIN.md "Batching" and "Alcohol maths" (E = Σ v_i × abv_i, W = d × V0,
 * final ABV = E / (V0 + W), US standard drink = 14 g of ethanol at 0.789 g/ml, UK unit = 10 ml of ethanol).
 */

/**
 * How far to scale (DOMAIN.md "Batching"):
 * - servings: N glasses (k = N);
 * - volume: fill `volumeMl` of container (k = T / pour per glass, fractional);
 * - bottles: fill `bottles` containers of `bottleMl` each with whole servings only (k = floor(n × B / pour per glass));
 * - party: the drinks `guests` have over `hours` ({@link partyDrinks}).
 */
export type BatchScale =
  | { by: 'servings'; servings: number }
  | { by: 'volume'; volumeMl: number }
  | { by: 'bottles'; bottles: number; bottleMl: number }
  | { by: 'party'; guests: number; hours: number; firstHourRate?: number; laterRate?: number };

/** Everything the batch maths needs. */
export interface BatchInput {
  lines: readonly BatchLine[];
  /** The method's dilution (0–1), e.g. 0.2 stirred (DOMAIN.md "Dilution by method"); the user may edit it. */
  methodDilution: number;
  style: ServiceStyle;
  scale: BatchScale;
}

/** One line of the result, in the input's order. */
export interface BatchLineResult {
  line: BatchLine;
  /** ml this line adds to one glass (null for count units such as slices and leaves, and lines without an amount). */
  perServingMl: number | null;
  /** Exact ml for the whole batch (perServingMl × servings); null when the line has no volume. */
  totalMl: number | null;
  /** Exact count for the whole batch for lines counted rather than measured (slices, leaves, eggs); else null. */
  totalCount: number | null;
  /** ml of ethanol this line adds to one glass. */
  perServingEthanolMl: number;
}

/** The figures of a batch. Volumes in ml, ABVs in %, dilutions as fractions. */
export interface BatchResult {
  /** k: servings the batch makes (fractional when scaling to a volume). */
  servings: number;
  /** The method's dilution the input gave. */
  methodDilution: number;
  /**
   * Water the container should hold, as a fraction of the batched lines (depends on the style); the syrup's water counts
   * toward it, and makes it more when the sugar needs more water than the dilution.
   */
  batchDilution: number;
  /** Water one glass ends up with, as a fraction of the batched lines (to-order: the method's, added by the ice). */
  servedDilution: number;
  lines: BatchLineResult[];
  /** What goes into the container (batch and same-day lines plus water), for the whole batch. */
  container: {
    /** ml of the batched lines (no water; solid sugar at its dissolved volume). */
    ingredientsMl: number;
    /**
     * ml of water the batch's solid sugar is dissolved in first ({@link SYRUP_WATER_ML_PER_G} per g: a 1:1 syrup). It is
     * part of the batch's water: the water to add is what the dilution still needs after it.
     */
    syrupWaterMl: number;
    /** ml of water to pour in for the dilution (never negative; less the syrup's water). */
    waterMl: number;
    /** ingredientsMl + syrupWaterMl + waterMl. */
    volumeMl: number;
    /**
     * ml the batch must fit in: the volume asked for, the bottles' capacity (bottles × size), or for servings and parties
     * the exact volume. Rounded measures never add up to more ({@link measureBatch} in batch-measure.ts).
     */
    capacityMl: number;
    /**
     * The bottles the batch is divided between: the ones the user chose (the bottles scale), else, for a batch over
     * {@link ONE_JUG_ML}, 1 l bottles, as many as it fills; null when one jug or bottle holds it.
     */
    bottles: { count: number; bottleMl: number } | null;
    ethanolMl: number;
    /** ABV of what is in the container, %: the figure that decides whether it freezes. */
    abv: number;
  };
  /** One glass as served. */
  perServing: {
    /** ml of batch poured into each glass (container volume / servings). */
    pourMl: number;
    /** ml of water the ice adds at service (to-order only; 0 otherwise). */
    serviceWaterMl: number;
    /** ml of the at-service lines (toppers, egg...) added to each glass. */
    atServiceMl: number;
    /** V0: the undiluted volume of every line with a volume, top-ups included. */
    startVolumeMl: number;
    /** The drink in the glass: pour + service water + at-service lines. */
    servedMl: number;
    ethanolMl: number;
    /** E / V0, %. */
    startAbv: number;
    /** E / served volume, %: top-ups count in both. */
    finalAbv: number;
    /** E × 0.789 / 14. */
    usStandardDrinks: number;
    /** E / 10. */
    ukUnits: number;
  };
  /** True when the container's ABV is under {@link FREEZER_SAFE_ABV} %: it may freeze in a home freezer. */
  freezerWarning: boolean;
}

/**
 * ml of water that dissolves one gram of solid sugar in a batch: its own weight of water (1 g of water is 1 ml), a 1:1
 * syrup, since sugar does not dissolve in spirit. Source: docs/domain.md "Batching: sugar, egg and dairy, rounding".
 */
export const SYRUP_WATER_ML_PER_G = 1;

/** Default drinks per guest in the first hour of a party. Source: DOMAIN.md "Batching" ("2 per hour is a soft default"). */
export const PARTY_FIRST_HOUR_RATE = 2;
/** Default drinks per guest in each later hour: guests slow down after the first round (common party guides). */
export const PARTY_LATER_RATE = 1;

/**
 * Drinks a party gets through: guests × (first-hour rate for the first hour + later rate for each hour after), rounded up
 * to whole drinks. Fractional hours count pro rata (2.5 hours = the first hour plus 1.5 later hours).
 * @param guests number of guests (≥ 0)
 * @param hours length of the party in hours (≥ 0)
 * @param firstHourRate drinks per guest in the first hour (default {@link PARTY_FIRST_HOUR_RATE})
 * @param laterRate drinks per guest per hour after the first (default {@link PARTY_LATER_RATE})
 * @throws RangeError when any figure is negative or not finite
 */
export function partyDrinks(
  guests: number,
  hours: number,
  firstHourRate: number = PARTY_FIRST_HOUR_RATE,
  laterRate: number = PARTY_LATER_RATE,
): number {
  for (const [name, value] of Object.entries({ guests, hours, firstHourRate, laterRate })) {
    if (!(Number.isFinite(value) && value >= 0))
      throw new RangeError(`${name} must be a number of 0 or more, got ${value}`);
  }
  const perGuest = firstHourRate * Math.min(hours, 1) + laterRate * Math.max(hours - 1, 0);
  // Round away float noise first (3 × 0.1 is 0.30000000000000004) so a whole number of drinks is not pushed up by one.
  return Math.ceil(Number((guests * perGuest).toFixed(9)));
}

/** The water fractions a style gives: [in the container, in the served glass]. */
function dilutionsFor(style: ServiceStyle, methodDilution: number): [number, number] {
  switch (style) {
    case 'fridge':
    case 'freezer':
      return [methodDilution, methodDilution];
    case 'over-ice':
      return [OVER_ICE_DILUTION, OVER_ICE_DILUTION];
    case 'to-order':
      return [0, methodDilution];
  }
}

/** ml a line adds to a glass, or null (count units and lines without an amount). */
function volumeOf(line: BatchLine): number | null {
  return lineVolumeMl(line.amount, line.unit, line.ingredient);
}

/**
 * Batches one recipe (DOMAIN.md "Batching" and "Alcohol maths").
 *
 * Per glass: the batch and same-day lines (volume B) take water w × B in the container, where w is the method's dilution
 * ready to pour, 15 % over ice and 0 to order; the pour is B × (1 + w). Solid sugar is first dissolved in its weight of
 * water (S ml per glass, {@link SYRUP_WATER_ML_PER_G}); that water is part of w × B, so the pour is B + max(w × B, S). To order, the ice adds the method's dilution at
 * service instead. At-service lines (toppers, egg...) are added to the glass and count in the served volume and ABV.
 * Servings k come from the scale (servings: N; volume: T / pour; bottles: floor(n × B_bottle / pour); party:
 * {@link partyDrinks}); every line's batch amount is exactly its per-glass ml × k (rounding only happens at display).
 *
 * Check (DOMAIN.md): Negroni 30/30/30 ml at 40/25/16 %, stirred 20 %, ready to pour into 750 ml -> pour 108 ml at 22.5 %,
 * 6.94 servings, 208.3 ml of each and 125 ml of water.
 *
 * @throws RangeError when the dilution is outside 0–1, an ABV outside 0–100, or a scale figure is negative or not finite.
 */
export function computeBatch(input: BatchInput): BatchResult {
  const { lines, methodDilution, style, scale } = input;
  if (!(methodDilution >= 0 && methodDilution <= 1)) {
    throw new RangeError(`dilution must be between 0 and 1, got ${methodDilution}`);
  }
  const [batchDilution, servedDilution] = dilutionsFor(style, methodDilution);
  const whole = computeRecipeAlcohol(lines, 0); // validates every ABV; E and V0 over every line with a volume

  let batchedMl = 0;
  let batchedEthanolMl = 0;
  let atServiceMl = 0;
  let syrupWaterMl = 0;
  for (const line of lines) {
    const volume = volumeOf(line);
    if (volume === null) continue;
    if (line.role === 'at-service') atServiceMl += volume;
    else {
      batchedMl += volume;
      batchedEthanolMl += (volume * line.abv) / 100;
      const grams =
        isSolidSugar(line.ingredient) && line.amount !== null ? solidSugarGrams(line.amount, line.unit) : null;
      if (grams !== null) syrupWaterMl += grams * SYRUP_WATER_ML_PER_G;
    }
  }
  // The syrup's water counts in the dilution: only what the method still needs is added from the tap.
  const waterPerGlassMl = Math.max(batchedMl * batchDilution - syrupWaterMl, 0);
  const pourMl = batchedMl + syrupWaterMl + waterPerGlassMl;
  const servings = servingsFor(scale, pourMl);
  const serviceWaterMl = batchedMl * (servedDilution - batchDilution);
  const servedMl = pourMl + serviceWaterMl + atServiceMl;

  const results: BatchLineResult[] = lines.map((line) => {
    const perServingMl = volumeOf(line);
    const counted = perServingMl === null || isEggUnit(line.unit) || isCountUnit(line.unit) || isRinseUnit(line.unit);
    return {
      line,
      perServingMl,
      totalMl: perServingMl === null ? null : perServingMl * servings,
      totalCount: counted && line.amount !== null && !isTopUnit(line.unit) ? line.amount * servings : null,
      perServingEthanolMl: perServingMl === null ? 0 : (perServingMl * line.abv) / 100,
    };
  });

  const containerIngredients = batchedMl * servings;
  const containerSyrupWater = syrupWaterMl * servings;
  const containerWater = waterPerGlassMl * servings;
  const containerVolume = containerIngredients + containerSyrupWater + containerWater;
  const containerEthanol = batchedEthanolMl * servings;
  // Per glass, not from the totals: the same figure, and it holds for a batch of a vanishing volume (no subnormal noise).
  const containerAbv = containerVolume > 0 ? (batchedEthanolMl / pourMl) * 100 : 0;
  const ethanolMl = whole.ethanolMl;
  return {
    servings,
    methodDilution,
    batchDilution,
    servedDilution,
    lines: results,
    container: {
      ingredientsMl: containerIngredients,
      syrupWaterMl: containerSyrupWater,
      waterMl: containerWater,
      volumeMl: containerVolume,
      capacityMl: capacityFor(scale, containerVolume),
      bottles: bottlesFor(scale, containerVolume),
      ethanolMl: containerEthanol,
      abv: containerAbv,
    },
    perServing: {
      pourMl,
      serviceWaterMl,
      atServiceMl,
      startVolumeMl: whole.startVolumeMl,
      servedMl,
      ethanolMl,
      startAbv: whole.startAbv,
      finalAbv: servedMl > 0 ? (ethanolMl / servedMl) * 100 : 0,
      usStandardDrinks: (ethanolMl * ETHANOL_DENSITY_G_PER_ML) / US_STANDARD_DRINK_G,
      ukUnits: ethanolMl / UK_UNIT_ML,
    },
    freezerWarning: containerVolume > 0 && containerAbv < FREEZER_SAFE_ABV,
  };
}

/** ml the batch must fit in for a scale: the volume asked for, the bottles' capacity, else the batch's exact volume. */
/** The most one jug holds, ml: the batch calculator's largest container (a 2 l jug); more is bottled in 1 l bottles. */
export const ONE_JUG_ML = 2000;

/** The bottles a batch of `volumeMl` is divided between (see BatchResult's container.bottles). */
function bottlesFor(scale: BatchScale, volumeMl: number): { count: number; bottleMl: number } | null {
  if (scale.by === 'bottles') return scale.bottles > 1 ? { count: scale.bottles, bottleMl: scale.bottleMl } : null;
  if (volumeMl <= ONE_JUG_ML) return null;
  return { count: Math.ceil(volumeMl / 1000 - 1e-9), bottleMl: 1000 };
}

function capacityFor(scale: BatchScale, volumeMl: number): number {
  if (scale.by === 'volume') return scale.volumeMl;
  if (scale.by === 'bottles') return scale.bottles * scale.bottleMl;
  return volumeMl;
}

function assertCount(name: string, value: number): void {
  if (!(Number.isFinite(value) && value >= 0))
    throw new RangeError(`${name} must be a number of 0 or more, got ${value}`);
}

/** k for a scale, given the ml poured per glass (DOMAIN.md "Batching"). 0 when nothing can be poured. */
function servingsFor(scale: BatchScale, pourMl: number): number {
  switch (scale.by) {
    case 'servings':
      assertCount('servings', scale.servings);
      return scale.servings;
    case 'volume':
      assertCount('volume', scale.volumeMl);
      return pourMl > 0 ? scale.volumeMl / pourMl : 0;
    case 'bottles':
      assertCount('bottles', scale.bottles);
      assertCount('bottle size', scale.bottleMl);
      // Whole servings only; the small epsilon keeps 7 × 107.14… ml = 750 ml from flooring to 6 through float noise.
      return pourMl > 0 ? Math.floor((scale.bottles * scale.bottleMl) / pourMl + 1e-9) : 0;
    case 'party':
      return partyDrinks(scale.guests, scale.hours, scale.firstHourRate, scale.laterRate);
  }
}
