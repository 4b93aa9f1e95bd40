/**
 * The user's own recipes as the service worker matches them with no network (docs/product.md, "Offline"; docs/recipes.md
 * "Where your recipes appear"): read from the kept `GET /api/me/recipes` answer, with the recipe edits still waiting to
 * be sent laid over it, into the own recipes' matcher (shared/domain/my-bar-own.ts, as the server builds it), their
 * cards (shared/domain/recipe-card.ts) and the user's own ingredients as the bar shows them.
 */
import type { Matcher } from '@/shared/domain/my-bar';
import { buildOwnMatcher, ownRecipesForMatch } from '@/shared/domain/my-bar-own';
import { ownRecipeCard } from '@/shared/domain/recipe-card';
import { toSearchKey } from '@/shared/domain/search-words';
import type { BarIngredient } from '@/shared/schemas/my-bar';
import type { OfflineIndex, OfflineMatchIngredient } from '@/shared/schemas/offline';
import type { RecipeSummary } from '@/shared/schemas/recipe-summary';
import type { OwnRecipe, OwnRecipeList, OwnRecipeWrite } from '@/shared/schemas/recipes';
import type { QueuedWrite } from './write-queue';

/** One own recipe as the views show it: its name, name key (the catalogue's order) and card. */
export interface OwnRecipeShown {
  name: string;
  nameKey: string;
  card: RecipeSummary;
}

/** What the device knows of the user's own recipes and ingredients for My Bar. */
export interface OwnOffline {
  /** The own recipes' matcher; null when no own recipe is kept (the views are then the catalogue's alone). */
  matcher: Matcher | null;
  /** Each own recipe by id. */
  recipes: ReadonlyMap<number, OwnRecipeShown>;
  /**
   * The user's own ingredients as the bar shows them: as a kept answer of the server shows them (the bar, the swaps,
   * the shopping list, Buy next), else as a kept recipe's line names and files them, with no slug ('': the device was
   * never told it).
   */
  ingredients: ReadonlyMap<number, BarIngredient>;
}

/** What the own recipes offline are read from. */
export interface OwnInputs {
  index: OfflineIndex;
  /** The kept `GET /api/me/recipes` answer, or null. */
  ownRecipes: OwnRecipeList | null;
  /** Ingredients as kept answers of the server show them (the bar, swaps, shopping list, Buy next). */
  keptIngredients: readonly BarIngredient[];
  pending: readonly QueuedWrite[];
}

const OWN_RECIPE_PATH = /^\/api\/me\/recipes\/(\d+)$/;

/** A line of a waiting edit as it was sent (OwnRecipeWrite's line: an ingredient by id, or named in free text). */
type SentLine = OwnRecipeWrite['ingredients'][number];

/** Resolves a sent line's ingredient (the `position`th) to `{id, name, category}` as the device knows it, or null. */
type LineResolver = (line: SentLine, position: number) => { id: number; name: string; category: string } | null;

/**
 * `recipe` edited by a waiting write's `body`, or null when the device cannot tell what the edit's lines name (a free
 * text the device knows no ingredient by): that recipe is matched as the server last answered it until it answers again.
 * The written fields and lines are the edit's; strength, photo and share link stay as kept until the server works
 * them out again.
 */
function edited(recipe: OwnRecipe, body: Partial<OwnRecipeWrite>, resolve: LineResolver): OwnRecipe | null {
  if (!Array.isArray(body.ingredients) || typeof body.name !== 'string') return null;
  const ingredients: OwnRecipe['ingredients'] = [];
  for (const [position, line] of body.ingredients.entries()) {
    const found = resolve(line, position);
    if (!found) return null;
    const kept = recipe.ingredients.find((known) => known.ingredient_id === found.id);
    ingredients.push({
      position,
      ingredient_id: found.id,
      ingredient: found.name,
      amount: line.amount,
      amount_max: line.amount_max ?? null,
      unit: line.unit,
      is_optional: line.is_optional ?? false,
      note: line.note ?? null,
      abv: kept?.abv ?? 0,
      category: found.category,
    });
  }
  const { ingredients: _sent, ...written } = body;
  return { ...recipe, ...written, ingredients };
}

/** The kept recipes with the waiting edits of recipes the device holds applied in order (the same array: none). */
function withPendingEdits(
  kept: readonly OwnRecipe[],
  pending: readonly QueuedWrite[],
  resolve: LineResolver,
): readonly OwnRecipe[] {
  const byId = new Map(kept.map((recipe) => [recipe.id, recipe]));
  let changed = false;
  for (const write of pending) {
    const id = Number(OWN_RECIPE_PATH.exec(write.path)?.[1] ?? Number.NaN);
    const recipe = byId.get(id);
    if (write.method !== 'PUT' || !recipe) continue;
    let body: Partial<OwnRecipeWrite>;
    try {
      body = JSON.parse(write.body ?? '{}') as Partial<OwnRecipeWrite>;
    } catch {
      continue;
    }
    const next = edited(recipe, body, resolve);
    if (next) byId.set(id, next);
    changed ||= next !== null;
  }
  return changed ? [...byId.values()] : kept;
}

let built: { key: string; matcher: Matcher } | null = null;

/** The own recipes' matcher, built again only when the catalogue or the recipes' lines change. */
function ownMatcherOf(index: OfflineIndex, own: ReturnType<typeof ownRecipesForMatch>): Matcher {
  const key = JSON.stringify([index.version, own.recipes.map((r) => [r.id, r.lines]), [...own.ingredients.keys()]]);
  if (built?.key !== key) {
    built = { key, matcher: buildOwnMatcher(index.match.ingredients, own.ingredients.values(), own.recipes) };
  }
  return built.matcher;
}

/**
 * The ingredients the device can name a waiting edit's lines by: `shown`, the user's own as kept answers of the server
 * show them (the catalogue's left out), and `resolve`, which names a sent line: by id, from the catalogue, `shown` or
 * a kept recipe's lines; by free text, the catalogue ingredient of that name (folded as the server folds it), else the
 * user's own of that name. Null when none.
 */
function knownIngredients(
  kept: readonly OwnRecipe[],
  keptIngredients: readonly BarIngredient[],
  catalogue: ReadonlyMap<number, OfflineMatchIngredient>,
): { shown: Map<number, BarIngredient>; resolve: LineResolver } {
  const shown = new Map<number, BarIngredient>();
  for (const { id, slug, name, category, parentId, houseMade } of keptIngredients) {
    if (!catalogue.has(id) && !shown.has(id)) shown.set(id, { id, slug, name, category, parentId, houseMade });
  }
  const lineOwn = ownRecipesForMatch(kept, (id) => catalogue.has(id)).ingredients;
  const resolve: LineResolver = (line) => {
    if (line.ingredient_id !== undefined) {
      const known =
        catalogue.get(line.ingredient_id) ?? shown.get(line.ingredient_id) ?? lineOwn.get(line.ingredient_id);
      return known ? { id: line.ingredient_id, name: known.name, category: known.category } : null;
    }
    const key = toSearchKey(line.ingredient_name ?? '');
    const named = (list: Iterable<{ id: number; name: string; category: string }>) =>
      [...list].find((ingredient) => toSearchKey(ingredient.name) === key);
    const found = named(catalogue.values()) ?? named(shown.values()) ?? named(lineOwn.values());
    return found ? { id: found.id, name: found.name, category: found.category } : null;
  };
  return { shown, resolve };
}

/**
 * The user's own recipes and ingredients as the device knows them (see {@link OwnOffline}): the kept list with the
 * waiting edits applied (a free-text line names the catalogue ingredient of that name, folded as the server folds it,
 * else the user's own of that name), matched with the catalogue's ingredients of `catalogue`.
 */
export function ownOffline(inputs: OwnInputs, catalogue: ReadonlyMap<number, OfflineMatchIngredient>): OwnOffline {
  const kept = inputs.ownRecipes?.items ?? [];
  const { shown, resolve } = knownIngredients(kept, inputs.keptIngredients, catalogue);
  const recipes = withPendingEdits(kept, inputs.pending, resolve);
  const own = ownRecipesForMatch(recipes, (id) => catalogue.has(id));
  for (const { id, name, category } of own.ingredients.values()) {
    if (!shown.has(id)) {
      shown.set(id, {
        id,
        slug: '',
        name,
        category: category as BarIngredient['category'],
        parentId: null,
        houseMade: false,
      });
    }
  }
  const cards = new Map(recipes.map((recipe) => [recipe.id, ownRecipeCard(recipe, recipe.shareSlug)]));
  return {
    matcher: own.recipes.length === 0 ? null : ownMatcherOf(inputs.index, own),
    recipes: new Map(
      own.recipes.map((recipe) => [
        recipe.id,
        { name: recipe.name, nameKey: recipe.nameKey, card: cards.get(recipe.id) as RecipeSummary },
      ]),
    ),
    ingredients: shown,
  };
}

/** What {@link ownRecipeListWithPending} reads besides the kept list. */
export interface OwnListInputs {
  /** The offline index, or null when none is kept (lines are then named from the kept answers alone). */
  index: OfflineIndex | null;
  /** Ingredients as kept answers of the server show them (the bar, swaps, shopping list, Buy next). */
  keptIngredients: readonly BarIngredient[];
  pending: readonly QueuedWrite[];
}

/**
 * The kept `GET /api/me/recipes` answer with the waiting edits of the recipes it holds laid over, in order, as the
 * server would list them after (by name, folded, then id): the edit's fields and lines, each line named as
 * {@link ownOffline} names it, a free text the device knows nothing by as typed (filed under 'Other', with a
 * placeholder id below zero, as the page shows it: features/recipes/api/own-recipes.ts editedOffline). `kept` as it is
 * when nothing waits for it.
 */
export function ownRecipeListWithPending(kept: OwnRecipeList, inputs: OwnListInputs): OwnRecipeList {
  const catalogue = new Map((inputs.index?.match.ingredients ?? []).map((ingredient) => [ingredient.id, ingredient]));
  const { resolve } = knownIngredients(kept.items, inputs.keptIngredients, catalogue);
  const orTyped: LineResolver = (line, position) =>
    resolve(line, position) ?? {
      id: line.ingredient_id ?? -(position + 1),
      name: line.ingredient_name ?? 'Ingredient',
      category: 'Other',
    };
  const items = withPendingEdits(kept.items, inputs.pending, orTyped);
  if (items === kept.items) return kept;
  const keyed = items.map((recipe) => ({ recipe, key: toSearchKey(recipe.name) }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.recipe.id - b.recipe.id));
  return { ...kept, items: keyed.map(({ recipe }) => recipe) };
}
