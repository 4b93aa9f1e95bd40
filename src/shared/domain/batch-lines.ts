import { eggPartOf, isCountUnit, isEggUnit, isRinseUnit, isSolidSugar, isTopUnit } from './units';

/** A batched recipe's lines: what each is (kept in the batch, added the same day or at service) and how it is served. */

/**
 * What happens to a recipe line when the drink is batched (DOMAIN.md "Batching", line roles):
 * - 'batch': poured into the batch ahead of time (spirits, liqueurs, fortified wine, syrups, bitters);
 * - 'same-day': poured into the batch on the day it is served (fresh citrus juice loses its brightness overnight);
 * - 'at-service': added to each glass as it is served (soda, sparkling wine, egg, dairy, anything carbonated, rinses,
 *   muddled fruit and herbs). Listed per glass, never poured into the batch, and still counted in the served ABV.
 */
export type LineRole = 'batch' | 'same-day' | 'at-service';
/** Every line role, in the order a prep sheet lists them. */
export const LINE_ROLES: readonly LineRole[] = ['batch', 'same-day', 'at-service'];

/**
 * How the batch reaches the glass, which sets the water poured into the container (DOMAIN.md "Batching"):
 * - 'fridge' / 'freezer': ready to pour, so the batch carries the method's whole dilution;
 * - 'over-ice': poured over fresh ice, which melts into it, so the batch carries about 15 % ({@link OVER_ICE_DILUTION});
 * - 'to-order': shaken or stirred with ice one drink at a time, so the batch carries no water (the ice adds it at service).
 */
export type ServiceStyle = 'fridge' | 'freezer' | 'over-ice' | 'to-order';
/** Every service style, in the order the page offers them. */
export const SERVICE_STYLES: readonly ServiceStyle[] = ['fridge', 'freezer', 'over-ice', 'to-order'];

/** Water in a batch poured over ice, as a fraction of its ingredients. Source: DOMAIN.md "Batching" ("about 15 %"). */
export const OVER_ICE_DILUTION = 0.15;
/**
 * Below this ABV (%) a batch may freeze or turn slushy in a home freezer at about -18 °C. Source: DOMAIN.md "Batching"
 * ("a freezer warning when final ABV < about 22 %").
 */
export const FREEZER_SAFE_ABV = 22;

/** One line of the recipe being batched. Amount in `unit` (top / splash: expected ml per glass; rinse: rinses). */
export interface BatchLine {
  /** Display name ('Campari', or the user's own text for a custom line). */
  ingredient: string;
  /** The ingredient's catalogue category ('Spirits', 'Juices'...), or null for free text. */
  category: string | null;
  /** Strength, % ABV (0–100). */
  abv: number;
  amount: number | null;
  unit: string;
  role: LineRole;
}

/** Carbonated or fresh-brewed things that are added to each glass, never kept in a batch. */
const AT_SERVICE_NAMES =
  /\b(soda|tonic|ginger beer|ginger ale|cola|lemonade|bitter lemon|sparkling|champagne|prosecco|cava|cr[eé]mant|espresso|seltzer)\b/i;
/** Fresh juices that lose their brightness within a day (DOMAIN.md: citrus juice is 'same day only'). */
const SAME_DAY_JUICES = /\b(lime|lemon|orange|grapefruit|yuzu|pineapple|blood orange|calamansi)\b/i;

/** Dairy by name, for free-text lines without a category ('double cream', 'whole milk', 'Greek yoghurt'). */
const DAIRY_NAMES = /\b(cream|milk|half and half|half & half|yogh?urt|buttermilk|kefir|cr[eè]me fra[iî]che)\b/i;
/** Names that mention cream or milk but are not dairy: liqueurs, sherry, coconut, sodas, chocolate milk stout... */
const NOT_DAIRY_NAMES =
  /\b(liqueur|sherry|coconut|soda|cr[eè]me de|irish cream|oat|almond|soy|rice|cashew|stout|tartar|punch)\b/i;
/** Egg-white stand-ins that foam like egg and take the same dry shake (aquafaba is chickpea water). */
const FOAMER_NAMES = /\b(aquafaba|foamer)\b/i;

/**
 * Whether a line is egg or dairy, the lines that are shaken with the drink at service (DOMAIN.md "Batching": egg and dairy
 * are added at service; they are never kept in a batch):
 * - 'egg': an egg unit (egg, white, yolk), an egg ingredient (Egg white, Egg yolk, Whole egg) or an egg-white stand-in
 *   (aquafaba): needs a dry shake (no ice) to foam before the shake with ice;
 * - 'dairy': the 'Dairy & egg' category, or for free text a dairy name (cream, milk, yoghurt...), but not cream liqueurs,
 *   cream sherry, coconut or plant milks;
 * - null: anything else.
 * @param line the line's unit, ingredient name and catalogue category (null for free text)
 */
export function eggOrDairy(line: Pick<BatchLine, 'unit' | 'ingredient' | 'category'>): 'egg' | 'dairy' | null {
  const { unit, ingredient, category } = line;
  if (isEggUnit(unit) || eggPartOf(ingredient) !== null || FOAMER_NAMES.test(ingredient)) return 'egg';
  if (category === 'Dairy & egg') return 'dairy';
  if (category === null && DAIRY_NAMES.test(ingredient) && !NOT_DAIRY_NAMES.test(ingredient)) return 'dairy';
  return null;
}

/**
 * The default role of a line, from its unit, its ingredient's category and its name (DOMAIN.md "Batching", line roles):
 * top-ups, rinses, eggs and dairy ({@link eggOrDairy}), carbonated mixers, sparkling wine, beer and cider, and counted fruit, herbs and garnish
 * are added at service; fresh citrus and pineapple juice are same day only; spirits, liqueurs, wines, syrups, bitters,
 * still mixers, solid sugar and anything unknown are batched. The user may change any of them.
 * @param line the line's unit, ingredient name and catalogue category (null for free text)
 */
export function defaultLineRole(line: Pick<BatchLine, 'unit' | 'ingredient' | 'category'>): LineRole {
  const { unit, ingredient, category } = line;
  if (isTopUnit(unit) || isRinseUnit(unit) || eggOrDairy(line) !== null) return 'at-service';
  if (category === 'Beer & cider') return 'at-service';
  if (AT_SERVICE_NAMES.test(ingredient)) return 'at-service';
  if (isCountUnit(unit) && !isSolidSugar(ingredient)) return 'at-service';
  if (category === 'Juices' && SAME_DAY_JUICES.test(ingredient)) return 'same-day';
  if (category === null && /\bjuice\b/i.test(ingredient) && SAME_DAY_JUICES.test(ingredient)) return 'same-day';
  return 'batch';
}
