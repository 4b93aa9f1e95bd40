import { isRinseUnit } from './units';
import type { Technique } from './abv';
import { eggOrDairy, type BatchLineResult, type BatchResult, type ServiceStyle } from './batch';

/**
 * Service at the glass: what happens to each glass of a batch as it is served (shaken, stirred, poured, over ice or
 * not), and which glasses hold the drink on ice. Pure; read by the batch calculator's steps and the party planner's ice.
 */

/**
 * Glasses a drink usually sits on ice in (a Negroni in a rocks glass, a highball): the fallback when a recipe does not
 * say how it is served ({@link isServedOverIce}). Drinks served up (coupe, martini glass, flute) get none. The glass alone
 * is wrong both ways (a Sazerac is neat in a rocks glass, an Aperol Spritz sits on ice in a wine glass), so catalogue
 * recipes state the fact themselves.
 */
export const ICE_GLASSES: ReadonlySet<string> = new Set([
  'Rocks',
  'Double rocks',
  'Highball',
  'Collins',
  'Copper mug',
  'Tiki mug',
  'Julep cup',
  'Hurricane',
]);

/** What a recipe says of the ice in its glass: the glass, and its own fact (null when it does not say). */
export interface GlassService {
  /** The recipe's glass ('Rocks'...), or null when unknown. */
  glassware: string | null;
  /**
   * True when each glass is served on fresh ice, false when not (served up, or neat like a Sazerac), null to let the
   * glass decide ({@link ICE_GLASSES}): venue recipes and rows that predate the fact.
   */
  servedOverIce: boolean | null;
}

/** A recipe with no glass and no fact: served without ice unless the style says otherwise. */
export const UNKNOWN_GLASS: GlassService = { glassware: null, servedOverIce: null };

/**
 * True when each glass is served over fresh ice: the service style says so ('over-ice', whatever the recipe), else the
 * recipe's own fact, else its glass ({@link ICE_GLASSES}). The one rule for the batch steps and the party's ice.
 * @param recipe the recipe's glass and its served-over-ice fact
 * @param style how the batch is served
 */
export function isServedOverIce(recipe: GlassService, style: ServiceStyle): boolean {
  if (style === 'over-ice') return true;
  if (recipe.servedOverIce !== null) return recipe.servedOverIce;
  return recipe.glassware !== null && ICE_GLASSES.has(recipe.glassware);
}

/**
 * How the pour reaches the glass at service:
 * - 'shake' / 'stir' / 'blend': with ice, one drink at a time (to order; or whenever egg or dairy is shaken in);
 * - 'pour': the batch, already cold and diluted, straight into the glass; 'pour-over-ice': over fresh ice.
 */
export type ServiceFinish = 'shake' | 'stir' | 'blend' | 'pour' | 'pour-over-ice';

/**
 * True when each glass is shaken, stirred or blended with ice at service (the tin's ice is spent on it), false when the
 * batch is poured.
 */
export function mixedWithIce(finish: ServiceFinish): boolean {
  return finish === 'shake' || finish === 'stir' || finish === 'blend';
}

/** What happens to each glass at service, in order (see {@link servicePlan}). */
export interface ServicePlan {
  finish: ServiceFinish;
  /** True when the drink goes over fresh ice in its glass ({@link isServedOverIce}): the steps say so. */
  overIce: boolean;
  /** True when the glass is shaken without ice first, to foam the egg (or aquafaba). */
  dryShake: boolean;
  /** True when the pour already carries its water (ready to pour or over ice), so the shake with ice is a brief one. */
  batchHoldsWater: boolean;
  /** Add-at-service egg and dairy lines, which go into the shaker (or blender) with the pour, before it is shaken. */
  shakenIn: BatchLineResult[];
  /** Rinses: the glass is coated before anything is poured. */
  rinses: BatchLineResult[];
  /** Every other add-at-service line (toppers, splashes, fruit...), added to the glass once the drink is in it. */
  addedAfter: BatchLineResult[];
}

/**
 * The rule for each glass at service (DOMAIN.md "Batching": egg and dairy are added at service). Egg and dairy are never
 * added after the shake: an add-at-service egg line (white, yolk, whole egg, aquafaba; {@link eggOrDairy}) goes into the
 * shaker with the pour and takes a dry shake first, whatever the technique, since egg does not foam otherwise; dairy is
 * shaken in with the pour when the drink is shaken (blended in when blended), and floated or stirred in after the pour
 * otherwise (a built White Russian). Toppers and everything else go into the glass after the drink.
 * A drink served on ice ({@link isServedOverIce}: the style, else the recipe's fact, else its glass) is poured or
 * strained over fresh ice.
 * @param result the batch (computeBatch in batch.ts)
 * @param style how the batch is served
 * @param technique the recipe's technique
 * @param recipe the recipe's glass and served-over-ice fact ({@link UNKNOWN_GLASS} when neither is known)
 */
export function servicePlan(
  result: BatchResult,
  style: ServiceStyle,
  technique: Technique,
  recipe: GlassService = UNKNOWN_GLASS,
): ServicePlan {
  const overIce = isServedOverIce(recipe, style);
  const atService = result.lines.filter((l) => l.line.role === 'at-service');
  const kindOf = (l: BatchLineResult) => eggOrDairy(l.line);
  const hasEgg = result.lines.some((l) => kindOf(l) === 'egg' && (l.totalMl !== null || l.totalCount !== null));
  const mixed = technique === 'Shake' || technique === 'Blend';
  const shakenIn = atService.filter((l) => kindOf(l) === 'egg' || (kindOf(l) === 'dairy' && mixed));
  let finish: ServiceFinish;
  if (technique === 'Blend' && (style === 'to-order' || shakenIn.length > 0)) finish = 'blend';
  else if (hasEgg || (technique === 'Shake' && (style === 'to-order' || shakenIn.length > 0))) finish = 'shake';
  else if (style === 'to-order') finish = 'stir';
  else finish = overIce ? 'pour-over-ice' : 'pour';
  return {
    finish,
    overIce,
    dryShake: hasEgg && finish === 'shake',
    batchHoldsWater: style !== 'to-order' && result.batchDilution > 0,
    shakenIn,
    rinses: atService.filter((l) => isRinseUnit(l.line.unit)),
    addedAfter: atService.filter((l) => !shakenIn.includes(l) && !isRinseUnit(l.line.unit)),
  };
}
