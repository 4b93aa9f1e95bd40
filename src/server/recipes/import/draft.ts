import { createIngredientResolver, type Resolution } from '@/shared/domain/ingredient-resolve';
import type { ParsedLine } from '@/shared/domain/line-parse';
import { glasswareFrom, techniqueFrom } from '@/shared/domain/recipe-fields';
import { lineVolumeMl } from '@/shared/domain/units';
import { BASE_SPIRITS } from '@/shared/domain/vocabulary';
import type { IngredientSummary } from '@/shared/schemas/ingredient';
import type { ImportedRecipe } from './imported-recipe';

/**
 * An imported recipe made ready to write: each line's ingredient resolved against the catalogue (how it was matched:
 * exact, alias, fuzzy, new), its glass, technique and base spirit mapped onto the catalogue's vocabularies, and the
 * warnings a user should read before importing. What the import preview answers, and what the import then writes.
 */

type BaseSpirit = (typeof BASE_SPIRITS)[number];

/** One line of a draft: as read, and the catalogue ingredient it resolved to (null for a new, free-text one). */
export interface DraftLine {
  line: ParsedLine;
  resolution: Resolution;
}

/** A recipe ready to import, with what the user should check. */
export interface RecipeDraft {
  recipe: ImportedRecipe;
  lines: DraftLine[];
  glassware: string;
  technique: string;
  baseSpirit: BaseSpirit;
  warnings: string[];
}

/** The glass of a draft whose source names none: the rocks glass, the bar's everyday glass. */
const DEFAULT_GLASS = 'Rocks';

/** The catalogue's ingredients as the resolver reads them: names, aliases, the names above each, the category. */
function resolvable(items: readonly IngredientSummary[]) {
  const byId = new Map(items.map((item) => [item.id, item]));
  const broader = (item: IngredientSummary): string[] => {
    const names: string[] = [];
    for (let parent = item.parentId; parent !== null && names.length < 8;) {
      const found = byId.get(parent);
      if (!found) break;
      names.push(found.name);
      parent = found.parentId;
    }
    return names;
  };
  return items.map((item) => ({
    id: item.id,
    name: item.name,
    aliases: item.aliases,
    broader: broader(item),
    category: item.category,
  }));
}

/**
 * The base spirit of a recipe: the catalogue family of its required line with the most ethanol (ml x ABV), by the
 * nearest name in BASE_SPIRITS up its hierarchy ('Bourbon' -> Whiskey); a liqueur or wine that leads is filed under
 * Liqueur or Wine. Null when no line with a volume resolved.
 */
function baseSpiritOf(lines: readonly DraftLine[], items: readonly IngredientSummary[]): BaseSpirit | null {
  const byId = new Map(items.map((item) => [item.id, item]));
  let best: { spirit: BaseSpirit; ethanol: number } | null = null;
  for (const { line, resolution } of lines) {
    if (line.optional || resolution.ingredientId === null) continue;
    const item = byId.get(resolution.ingredientId);
    const ml = lineVolumeMl(line.amount, line.unit, item?.name ?? null);
    if (!item || ml === null || item.abv <= 0) continue;
    let spirit: BaseSpirit | null = null;
    for (
      let at: IngredientSummary | undefined = item;
      at && !spirit;
      at = at.parentId === null ? undefined : byId.get(at.parentId)
    ) {
      spirit = (BASE_SPIRITS as readonly string[]).includes(at.name) ? (at.name as BaseSpirit) : null;
    }
    spirit ??=
      item.category === 'Liqueurs'
        ? 'Liqueur'
        : item.category.includes('wine') || item.category === 'Wine'
          ? 'Wine'
          : null;
    if (!spirit) continue;
    const ethanol = ml * item.abv;
    if (!best || ethanol > best.ethanol) best = { spirit, ethanol };
  }
  return best?.spirit ?? null;
}

/**
 * Builds the drafts of `recipes` against the catalogue's `ingredients`: resolves every line (and its alternatives),
 * maps the glass and technique, infers the base spirit, and says what the user should check: a name that was guessed
 * (fuzzy), one not in the catalogue (new), a glass or base spirit assumed, a convention the line reader applied.
 */
export function draftRecipes(
  recipes: readonly ImportedRecipe[],
  ingredients: readonly IngredientSummary[],
): RecipeDraft[] {
  const resolve = createIngredientResolver(resolvable(ingredients));
  return recipes.map((recipe) => {
    const warnings: string[] = [];
    const lines = recipe.lines.map((line) => {
      const resolution = resolve(line.ingredient);
      if (resolution.match === 'fuzzy') warnings.push(`'${line.ingredient}' was read as ${resolution.name}.`);
      if (resolution.match === 'new') warnings.push(`'${line.ingredient}' is not in the catalogue yet.`);
      for (const warning of line.warnings) warnings.push(`${line.source}: ${warning}`);
      return { line, resolution };
    });
    const glass = glasswareFrom(recipe.glass, recipe.instructions);
    if (!glass) warnings.push(`No glass was named: ${DEFAULT_GLASS} was chosen.`);
    const baseSpirit = baseSpiritOf(lines, ingredients);
    if (!baseSpirit) warnings.push('No spirit leads the recipe: it was filed under Liqueur.');
    return {
      recipe,
      lines,
      glassware: glass ?? DEFAULT_GLASS,
      technique: techniqueFrom(recipe.method, recipe.instructions),
      baseSpirit: baseSpirit ?? 'Liqueur',
      warnings,
    };
  });
}
