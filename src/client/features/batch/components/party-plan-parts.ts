import { useQueries } from '@tanstack/react-query';
import { type LineRole, type ServiceStyle } from '@/shared/domain/batch';
import { measureBatch } from '@/shared/domain/batch-measure';
import { type PartyPlan } from '@/shared/domain/party';
import { isSolidSugar, type UnitSystem } from '@/shared/domain/units';
import type { BatchState, PartyState } from '@/shared/schemas/batch';
import type { CocktailDetail } from '@/shared/schemas/cocktail';
import { getRecipeQueryOptions } from '../api/get-recipe';
import { batchStateFromRecipe } from '../lib/batch-state';
import { joinList, serviceSteps } from '../lib/batch-text';

/**
 * What {@link PartyTab} (party-tab.tsx) derives from a party plan: the planned cocktails' recipes, each one's batch for
 * its printed sheet, and the prep timeline.
 */

/** The recipe of each planned cocktail, as far as loaded. */
export function usePartyRecipes(state: PartyState) {
  return useQueries({
    queries: state.cocktails.map((c) => getRecipeQueryOptions(c.cocktailId)),
  });
}

/** A batch state for one planned cocktail (for its printed sheet). */
export function sheetStateOf(
  recipe: CocktailDetail,
  style: ServiceStyle,
  dilution: number,
  drinks: number,
): BatchState {
  return {
    ...batchStateFromRecipe(recipe),
    style,
    dilution,
    scale: { by: 'servings', servings: Math.max(drinks, 1) },
  };
}

/** The prep timeline's phases in order: the day before, the same day, at service, each with its steps. */
export function timeline(plan: PartyPlan, system: UnitSystem, recipes: Map<string, CocktailDetail>) {
  const dayBefore: string[] = [];
  const sameDay: string[] = [];
  const atService: string[] = [];
  for (const { cocktail, drinks, batch } of plan.cocktails) {
    if (drinks === 0) continue;
    // Measures rounded to fit the batch (measureBatch); solid sugar is dissolved in its water before it is mixed in.
    const measures = measureBatch(batch, system);
    const syrupMade = measures.syrupWater !== null;
    const measured = (role: LineRole, sugar: boolean) =>
      batch.lines.flatMap((l, i) => {
        const m = measures.lines[i];
        const isSugar = syrupMade && isSolidSugar(l.line.ingredient);
        const keep = l.line.role === role && m && isSugar === sugar;
        return keep ? [`${m.measure.text} ${l.line.ingredient}`] : [];
      });
    const sugar = [...measured('batch', true), ...measured('same-day', true)];
    const batched = [...measured('batch', false), ...(sugar.length ? ['the syrup'] : [])];
    const fresh = measured('same-day', false);
    if (batched.length) {
      const syrup = measures.syrupWater
        ? `dissolve ${joinList(sugar)} in ${measures.syrupWater.measure.text} of warm water and let it cool; `
        : '';
      const water = measures.water ? ` and ${measures.water.measure.text} of water` : '';
      dayBefore.push(`${cocktail.name}: ${syrup}mix ${joinList(batched)}${water}; bottle, label and chill.`);
    }
    if (fresh.length) sameDay.push(`${cocktail.name}: squeeze ${joinList(fresh)} and add it to the batch.`);
    // The same style, technique, glass and ice fact the plan counted its ice from, so steps and ice agree.
    const steps = serviceSteps(
      batch,
      {
        style: cocktail.style,
        technique: cocktail.technique,
        glassware: cocktail.glassware,
        servedOverIce: cocktail.servedOverIce,
        garnish: recipes.get(cocktail.key)?.garnish ?? null,
      },
      system,
    );
    atService.push(`${cocktail.name}: ${steps.map((s) => s.replace(/\.$/, '')).join('; ')}.`);
  }
  if (plan.ice.totalKg > 0) sameDay.push(`Buy or make ${Math.ceil(plan.ice.totalKg)} kg of ice; keep it in coolers.`);
  return [
    { title: 'The day before', steps: dayBefore },
    { title: 'On the day', steps: sameDay },
    { title: 'At service', steps: atService },
  ];
}
