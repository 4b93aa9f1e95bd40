import {
  computeBatch,
  partyDrinks,
  type BatchLine,
  type BatchResult,
  type ServiceStyle,
  PARTY_FIRST_HOUR_RATE,
  PARTY_LATER_RATE,
} from './batch';
import type { Technique } from './abv';
import { mixedWithIce, servicePlan, type ServicePlan } from './batch-service';
import { eggPartOf, isCountUnit, isEggUnit, isSolidSugar, solidSugarGrams, SUGAR_DISSOLVED_ML_PER_G } from './units';
import { fruitsFor, yieldForJuiceName, type ProduceYield } from './produce';

/**
 * Shopping and the party planner: what to buy for one batch or for several cocktails at one event, with bottles rounded up
 * to real sizes, what is left over, ice and glassware. Pure functions; volumes in ml, ice in kg.
 * Source of the bottle rule: DOMAIN.md "Batching" (bottles to buy = ceil(amount / bottle size), and what is left over).
 */

/** Most cocktails one party plan holds ("pick 1 to 6 cocktails"). */
export const MAX_PARTY_COCKTAILS = 6;

/**
 * The bottle a category is usually sold in, ml: common U.S. retail sizes (spirits, liqueurs, wine and vermouth 750 ml; a
 * 200 ml bottle of bitters; 1 l of mixer or juice; a 12 fl oz (355 ml) can of beer or cider; a pint (473 ml) of cream).
 * A convention of ours for planning; the user may pick another size.
 */
export const STANDARD_BOTTLE_ML: Readonly<Record<string, number>> = {
  Spirits: 750,
  Liqueurs: 750,
  'Fortified wine': 750,
  Wine: 750,
  'Beer & cider': 355,
  Bitters: 200,
  Syrups: 750,
  Juices: 1000,
  Mixers: 1000,
  'Dairy & egg': 473,
  Other: 750,
};
/** Bottle sizes the page offers, ml. */
export const BOTTLE_SIZES_ML: readonly number[] = [200, 355, 375, 473, 500, 700, 750, 1000, 1750];

/** Grams in a bag of sugar (a 1 kg bag; our planning convention). */
export const SUGAR_BAG_G = 1000;

/**
 * How an ingredient is bought: in bottles, as fruit to squeeze, by the bag (sugar, weighed in grams), by count (eggs,
 * slices), or not at all (water).
 */
export type Purchase =
  | { kind: 'bottle'; bottleMl: number; bottles: number; leftoverMl: number }
  | { kind: 'bag'; grams: number; bagG: number; bags: number }
  | { kind: 'fruit'; fruit: string; count: number; leftoverMl: number }
  | { kind: 'count'; count: number; unit: string }
  | { kind: 'none' };

/** One ingredient of a shopping list, summed over every cocktail that uses it. */
export interface ShoppingItem {
  /** The ingredient's name, lower-cased: one line per ingredient. */
  key: string;
  ingredient: string;
  category: string | null;
  /** Exact ml needed (null when only counted). */
  totalMl: number | null;
  /** Exact count needed for counted lines (slices, eggs...), else null. */
  totalCount: number | null;
  /** The unit of `totalCount` ('slice', 'egg'...), else null. */
  countUnit: string | null;
  purchase: Purchase;
  /** Names of the cocktails that use it, in plan order. */
  usedBy: string[];
}

/**
 * Bottles to buy for a need: ceil(need / size) (DOMAIN.md "Batching"), never less than the need, and what is left over.
 * @param needMl ml needed (≥ 0)
 * @param bottleMl ml per bottle (> 0)
 * @throws RangeError when the bottle size is not a positive number or the need is negative
 */
export function bottlesToBuy(needMl: number, bottleMl: number): { bottles: number; leftoverMl: number } {
  if (!(bottleMl > 0 && Number.isFinite(bottleMl)))
    throw new RangeError(`bottle size must be positive, got ${bottleMl}`);
  if (!(needMl >= 0 && Number.isFinite(needMl))) throw new RangeError(`need must be 0 or more, got ${needMl}`);
  // The epsilon keeps 3 × 250 ml = 750.0000000001 ml from asking for a second bottle.
  const bottles = Math.max(0, Math.ceil(needMl / bottleMl - 1e-9));
  return { bottles, leftoverMl: bottles * bottleMl - needMl };
}

/** The fresh citrus fruit a juice line is squeezed from, or null. */
function fruitOf(ingredient: string, category: string | null): ProduceYield | null {
  if (category !== null && category !== 'Juices') return null;
  return yieldForJuiceName(ingredient);
}

/**
 * How one ingredient is bought, for a total need: solid sugar by the 1 kg bag, weighed in grams however it is counted
 * (cubes, spoons); eggs by the egg (a white or a yolk is one egg); other counted things by their count; citrus juice as
 * fruit ({@link fruitsFor}); everything else in bottles.
 * @param bottleMl the bottle size chosen for it, ml (default {@link STANDARD_BOTTLE_ML} for its category, 750 ml unknown)
 */
export function purchaseFor(
  item: Pick<ShoppingItem, 'ingredient' | 'category' | 'totalMl' | 'totalCount' | 'countUnit'>,
  bottleMl?: number,
): Purchase {
  const { ingredient, category, totalMl, totalCount, countUnit } = item;
  if (/^(water|ice|crushed ice)$/i.test(ingredient.trim())) return { kind: 'none' };
  if (isSolidSugar(ingredient)) {
    // Sugar is bought by weight, however the recipe counts it: 40 cubes are 160 g from a bag, never '40 cube'. A line's
    // ml is its dissolved volume (0.63 ml per g, units.ts), so the grams come straight back from it.
    const grams =
      totalMl !== null
        ? totalMl / SUGAR_DISSOLVED_ML_PER_G
        : totalCount !== null && countUnit !== null
          ? solidSugarGrams(totalCount, countUnit)
          : null;
    if (grams !== null)
      return { kind: 'bag', grams, bagG: SUGAR_BAG_G, bags: bottlesToBuy(grams, SUGAR_BAG_G).bottles };
  }
  if (totalCount !== null && countUnit !== null) {
    const part = isEggUnit(countUnit) ? countUnit : eggPartOf(ingredient);
    // An egg white or a yolk is one egg bought; whole eggs likewise.
    if (part) return { kind: 'count', count: Math.ceil(totalCount - 1e-9), unit: 'egg' };
    return { kind: 'count', count: Math.ceil(totalCount - 1e-9), unit: countUnit };
  }
  if (totalMl === null) return { kind: 'none' };
  const fruit = fruitOf(ingredient, category);
  if (fruit && bottleMl === undefined) {
    const { count, leftoverMl } = fruitsFor(totalMl, fruit);
    return { kind: 'fruit', fruit: count === 1 ? fruit.fruit[0] : fruit.fruit[1], count, leftoverMl };
  }
  const size = bottleMl ?? STANDARD_BOTTLE_ML[category ?? 'Other'] ?? 750;
  return { kind: 'bottle', bottleMl: size, ...bottlesToBuy(totalMl, size) };
}

/**
 * One shopping list across batches: every line of every batch, summed per ingredient (by name), with how to buy it.
 * @param batches each cocktail's name and its {@link computeBatch} result
 * @param bottleSizes bottle size chosen per ingredient key (lower-cased name), ml; others use {@link purchaseFor}'s default
 * @returns items in first-use order
 */
export function shoppingList(
  batches: readonly { name: string; result: BatchResult }[],
  bottleSizes: Readonly<Record<string, number>> = {},
): ShoppingItem[] {
  const items = new Map<string, ShoppingItem>();
  for (const { name, result } of batches) {
    for (const line of result.lines) {
      const key = line.line.ingredient.trim().toLowerCase();
      if (!key) continue;
      // Solid sugar is summed by its volume (weighed, not counted), so cubes and spoons of one sugar add up in grams.
      const counted =
        line.totalCount !== null &&
        (isCountUnit(line.line.unit) || isEggUnit(line.line.unit)) &&
        !(isSolidSugar(line.line.ingredient) && line.totalMl !== null);
      const item = items.get(key) ?? {
        key,
        ingredient: line.line.ingredient.trim(),
        category: line.line.category,
        totalMl: null,
        totalCount: null,
        countUnit: null,
        purchase: { kind: 'none' },
        usedBy: [],
      };
      if (counted && (item.countUnit === null || item.countUnit === line.line.unit)) {
        item.totalCount = (item.totalCount ?? 0) + (line.totalCount ?? 0);
        item.countUnit = line.line.unit;
      } else if (line.totalMl !== null) {
        item.totalMl = (item.totalMl ?? 0) + line.totalMl;
      }
      if (!item.usedBy.includes(name)) item.usedBy.push(name);
      items.set(key, item);
    }
  }
  return [...items.values()].map((item) => {
    // A counted egg also carries ml; buy it by the egg. Anything else measured in ml is bought by volume.
    const buyByCount = item.totalCount !== null && (item.totalMl === null || eggPartOf(item.ingredient) !== null);
    const purchase = purchaseFor(
      buyByCount ? { ...item, totalMl: null } : { ...item, totalCount: null, countUnit: null },
      bottleSizes[item.key],
    );
    return { ...item, purchase };
  });
}

/** One cocktail of a party plan. */
export interface PartyCocktail {
  /** A stable key (the cocktail's id or slug). */
  key: string;
  name: string;
  /** The glass it is served in ('Rocks'...), or null. */
  glassware: string | null;
  /**
   * The recipe's own fact: true when each glass is served on fresh ice, false when not, null to let the glass decide
   * (batch-service.ts `isServedOverIce`). With the style and technique it decides the ice for glasses and for shaking.
   */
  servedOverIce: boolean | null;
  /** The recipe's technique: whether each glass is shaken, stirred or blended at service (batch-service.ts). */
  technique: Technique;
  lines: readonly BatchLine[];
  methodDilution: number;
  style: ServiceStyle;
  /** Relative share of the drinks (any non-negative weight; all 0 or absent means equal shares). */
  share: number;
}

/** A party to plan. */
export interface PartyInput {
  guests: number;
  hours: number;
  /** Drinks per guest in the first hour (default 2). */
  firstHourRate?: number;
  /** Drinks per guest per later hour (default 1). */
  laterRate?: number;
  cocktails: readonly PartyCocktail[];
}

/**
 * Ice per guest per hour for drinks served over ice, kg. About 0.5 kg per guest per hour, in line with common party
 * guides (about 1 lb per guest per hour).
 */
export const ICE_KG_PER_GUEST_HOUR = 0.5;
/** Ice to keep a litre of batch cold in an ice bucket through the party, kg (our planning convention). */
export const CHILLING_ICE_KG_PER_LITRE = 1;
/** Ice to shake or stir one drink made to order, kg (a tin two-thirds full of cubes; our planning convention). */
export const SHAKING_ICE_KG_PER_DRINK = 0.2;
/** Glasses per guest for each cocktail served: one each plus 20 % spare for breakage and second rounds (our convention). */
export const GLASSES_PER_GUEST = 1.2;

/** The plan of a party. */
export interface PartyPlan {
  totalDrinks: number;
  /** Each cocktail with its drinks, its batch and what happens to each glass at service (the steps' {@link servicePlan}). */
  cocktails: { cocktail: PartyCocktail; drinks: number; batch: BatchResult; service: ServicePlan }[];
  shopping: ShoppingItem[];
  /**
   * Ice, kg: for glasses served over ice, to keep batches cold (every style but to order), to shake, stir or blend the
   * glasses mixed at service; and the sum.
   */
  ice: { glassesKg: number; chillingKg: number; shakingKg: number; totalKg: number };
  /** Glasses per glassware type, in first-use order. */
  glassware: { glassware: string; count: number }[];
}

/**
 * Splits `total` whole drinks by weights with the largest-remainder method, so the parts always add up to the total.
 * All-zero weights split equally.
 * @throws RangeError when a weight is negative or not finite, or the total is not a whole number of 0 or more
 */
export function splitDrinks(total: number, weights: readonly number[]): number[] {
  if (!(Number.isInteger(total) && total >= 0)) throw new RangeError(`total must be a whole number, got ${total}`);
  if (weights.some((w) => !(Number.isFinite(w) && w >= 0))) throw new RangeError('weights must be 0 or more');
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = sum > 0 ? weights.map((w) => w / sum) : weights.map(() => 1 / weights.length);
  const exact = shares.map((s) => s * total);
  const parts = exact.map((x) => Math.floor(x + 1e-9));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, rest: x - Math.floor(x + 1e-9) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    if ((shares[i] as number) === 0) continue;
    parts[i] = (parts[i] as number) + 1;
    left -= 1;
  }
  return parts;
}

/**
 * Plans a party: the drinks ({@link partyDrinks}), split between the cocktails by their shares ({@link splitDrinks}), each
 * batched for its drinks ({@link computeBatch}), one shopping list across all of them ({@link shoppingList}), ice
 * and glasses ({@link GLASSES_PER_GUEST} per guest per cocktail, never more than its drinks). The ice follows each
 * cocktail's {@link servicePlan}, the plan its service steps are written from, so the two always agree: 0.5 kg per guest
 * per hour for the share of drinks whose plan says over ice; 0.2 kg per drink whose plan shakes, stirs or blends it at
 * service ({@link mixedWithIce}: every drink made to order, and an egg drink shaken from a ready batch); 1 kg per litre of
 * batch kept cold (every style but to order).
 * @throws RangeError for more than {@link MAX_PARTY_COCKTAILS} cocktails, or figures computeBatch refuses
 */
export function planParty(input: PartyInput, bottleSizes: Readonly<Record<string, number>> = {}): PartyPlan {
  const { guests, hours, cocktails } = input;
  if (cocktails.length > MAX_PARTY_COCKTAILS) {
    throw new RangeError(`a party plan holds at most ${MAX_PARTY_COCKTAILS} cocktails`);
  }
  const totalDrinks = partyDrinks(
    guests,
    hours,
    input.firstHourRate ?? PARTY_FIRST_HOUR_RATE,
    input.laterRate ?? PARTY_LATER_RATE,
  );
  const drinks = splitDrinks(
    totalDrinks,
    cocktails.map((c) => c.share),
  );
  const planned = cocktails.map((cocktail, i) => {
    const count = drinks[i] as number;
    const batch = computeBatch({
      lines: cocktail.lines,
      methodDilution: cocktail.methodDilution,
      style: cocktail.style,
      scale: { by: 'servings', servings: count },
    });
    const service = servicePlan(batch, cocktail.style, cocktail.technique, cocktail);
    return { cocktail, drinks: count, batch, service };
  });

  const overIceDrinks = planned.reduce((sum, p) => sum + (p.service.overIce ? p.drinks : 0), 0);
  const glassesKg = totalDrinks > 0 ? ICE_KG_PER_GUEST_HOUR * guests * hours * (overIceDrinks / totalDrinks) : 0;
  const chillingKg = planned.reduce(
    (sum, p) =>
      sum + (p.cocktail.style === 'to-order' ? 0 : (CHILLING_ICE_KG_PER_LITRE * p.batch.container.volumeMl) / 1000),
    0,
  );
  const shakingKg = planned.reduce(
    (sum, p) => sum + (mixedWithIce(p.service.finish) ? SHAKING_ICE_KG_PER_DRINK * p.drinks : 0),
    0,
  );

  const glasses = new Map<string, number>();
  for (const p of planned) {
    if (p.drinks === 0) continue;
    const name = p.cocktail.glassware ?? 'Glass';
    const count = Math.min(p.drinks, Math.ceil(guests * GLASSES_PER_GUEST - 1e-9));
    glasses.set(name, (glasses.get(name) ?? 0) + count);
  }

  return {
    totalDrinks,
    cocktails: planned,
    shopping: shoppingList(
      planned.filter((p) => p.drinks > 0).map((p) => ({ name: p.cocktail.name, result: p.batch })),
      bottleSizes,
    ),
    ice: { glassesKg, chillingKg, shakingKg, totalKg: glassesKg + chillingKg + shakingKg },
    glassware: [...glasses].map(([glassware, count]) => ({ glassware, count })),
  };
}
