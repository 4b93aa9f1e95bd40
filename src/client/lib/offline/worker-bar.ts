/// <reference lib="webworker" />
/**
 * My Bar with no network, in the service worker (docs/product.md, "Offline"): the shared matcher
 * (src/shared/domain/my-bar.ts) runs over the match catalogue the offline index carries, with the bar and swaps the
 * device kept and the bottle changes still waiting to be sent, and answers what the server would for the bar, its
 * three views ('Can make now', 'One away', 'Buy next'), its can-make marks and a recipe's line marks. The user's own
 * recipes are in them as the server puts them (docs/recipes.md "Where your recipes appear"): a second matcher over the
 * kept `GET /api/me/recipes` answer, with the recipe edits still waiting laid over it (worker-own-recipes.ts), merged
 * with the catalogue's in name order by the server's own code (shared/domain/my-bar-own.ts), `own: true` on their cards.
 * With no own recipe kept, the views hold the catalogue's cocktails alone.
 */
import { buildMatcher, type BarStock, type LineCoverage, type Matcher } from '@/shared/domain/my-bar';
import { buyNextOverBoth, viewIds, type BarMatchers } from '@/shared/domain/my-bar-own';
import { toSearchKey } from '@/shared/domain/search-words';
import { MAKEABLE_PAGE_SIZE, SUGGESTION_EXAMPLES, SUGGESTION_LIMIT } from '@/shared/domain/vocabulary';
import type {
  BarIngredient,
  BarList,
  LineCoverageBody,
  MakeableIds,
  MakeablePage,
  RecipeMatch,
  SuggestionList,
  SwapList,
} from '@/shared/schemas/my-bar';
import type { OfflineIndex, OfflineMatchIngredient } from '@/shared/schemas/offline';
import type { OwnRecipeList } from '@/shared/schemas/recipes';
import { withBottle } from './bar-changes';
import { ownOffline, type OwnOffline } from './worker-own-recipes';
import type { QueuedWrite } from './write-queue';

/**
 * What the worker has at hand for My Bar: the offline index, the kept bar and swaps, the kept own recipes, the
 * ingredients other kept answers show (the shopping list's, the last Buy next's: how the user's own are named), and
 * the waiting writes.
 */
export interface BarInputs {
  index: OfflineIndex;
  bar: BarList | null;
  swaps: SwapList | null;
  /** The kept `GET /api/me/recipes` answer; null when none is kept. */
  ownRecipes: OwnRecipeList | null;
  /** Ingredients as other kept answers of the server show them (the shopping list's, the last Buy next's). */
  keptIngredients: readonly BarIngredient[];
  pending: readonly QueuedWrite[];
}

const BOTTLE_PATH = /^\/api\/me\/bar\/(\d+)$/;

let built: {
  version: string;
  matcher: Matcher;
  ingredients: Map<number, OfflineMatchIngredient>;
  keys: Map<number, string>;
} | null = null;

/** The matcher of `index`, its ingredients and its cocktails' name keys, built once per catalogue version. */
function matcherOf(index: OfflineIndex) {
  if (built?.version !== index.version) {
    built = {
      version: index.version,
      matcher: buildMatcher(index.match),
      ingredients: new Map(index.match.ingredients.map((ingredient) => [ingredient.id, ingredient])),
      keys: new Map(index.items.map((item) => [item.id, toSearchKey(item.name)])),
    };
  }
  return built;
}

const ownOfInputs = new WeakMap<BarInputs, OwnOffline>();

/** The own recipes and ingredients the device knows (worker-own-recipes.ts), read once per `inputs`. */
function ownOf(inputs: BarInputs): OwnOffline {
  let own = ownOfInputs.get(inputs);
  if (!own) {
    const keptIngredients = [
      ...(inputs.bar?.items ?? []),
      ...(inputs.swaps?.items ?? []).flatMap((swap) => [swap.from, swap.to]),
      ...inputs.keptIngredients,
    ];
    own = ownOffline({ ...inputs, keptIngredients }, matcherOf(inputs.index).ingredients);
    ownOfInputs.set(inputs, own);
  }
  return own;
}

/**
 * The bar as the device shows it: the kept bar with the waiting bottle writes applied in order (an added bottle is
 * dated when it was added; one of the user's own ingredients is named as {@link OwnOffline} names it). Null when no bar
 * is kept.
 */
export function barWithPending(inputs: BarInputs): BarList | null {
  if (!inputs.bar) return null;
  const { ingredients } = matcherOf(inputs.index);
  let bar: BarList = inputs.bar;
  for (const write of inputs.pending) {
    const id = Number(BOTTLE_PATH.exec(write.path)?.[1] ?? Number.NaN);
    if (!Number.isInteger(id) || (write.method !== 'PUT' && write.method !== 'DELETE')) continue;
    const ingredient = ingredients.get(id) ?? (write.method === 'PUT' ? ownOf(inputs).ingredients.get(id) : undefined);
    const change =
      write.method === 'DELETE'
        ? ({ kind: 'remove', ingredientId: id } as const)
        : ingredient
          ? ({ kind: 'add', ingredientId: id, ingredient } as const)
          : null;
    if (change) bar = withBottle(bar, change, new Date(write.madeAt).toISOString());
  }
  return bar;
}

/** The stock matching reads: the bar with its waiting writes, and the kept swaps. */
function stockOf(inputs: BarInputs): BarStock | null {
  const bar = barWithPending(inputs);
  if (!bar) return null;
  return {
    owned: bar.items.map((item) => item.id),
    swaps: (inputs.swaps?.items ?? []).map((swap) => ({ fromId: swap.from.id, toId: swap.to.id })),
  };
}

/**
 * Answers one My Bar read from `inputs`, or null when the path is not one of them or nothing is kept to answer it:
 * `/api/me/bar`, `/api/me/bar/makeable?view=&page=&q=`, `/api/me/bar/makeable-ids`, `/api/me/bar/match/:id`,
 * `/api/me/bar/suggestions`. Shapes: src/shared/schemas/my-bar.ts.
 */
export function answerBarRead(
  url: URL,
  inputs: BarInputs,
): BarList | MakeablePage | MakeableIds | RecipeMatch | SuggestionList | null {
  if (url.pathname === '/api/me/bar') return barWithPending(inputs);
  const stock = stockOf(inputs);
  if (!stock) return null;
  const { matcher, ingredients, keys } = matcherOf(inputs.index);
  const own = ownOf(inputs);
  const cards = new Map(inputs.index.items.map((item) => [item.id, item]));
  const named = (id: number) => ({
    id,
    name: ingredients.get(id)?.name ?? own.ingredients.get(id)?.name ?? `#${id}`,
  });
  const matchers: BarMatchers = {
    catalogue: matcher,
    own: own.matcher,
    keyOf: (id) => own.recipes.get(id)?.nameKey ?? keys.get(id) ?? '',
    ingredientName: (id) => named(id).name,
  };
  /** How `stock` covers a catalogue cocktail or an own recipe, or null for an id neither has. */
  const matchOf = (id: number) =>
    own.recipes.has(id) ? (own.matcher?.match(id, stock) ?? null) : matcher.match(id, stock);
  const lineBody = (line: LineCoverage): LineCoverageBody => ({
    position: line.position,
    ingredient: named(line.ingredientId),
    coverage: line.coverage,
    via: line.viaId === null ? null : named(line.viaId),
  });

  if (url.pathname === '/api/me/bar/makeable-ids') return { ids: viewIds(matchers, stock, 'canMake') };
  if (url.pathname === '/api/me/bar/makeable') {
    const view = url.searchParams.get('view') === 'one-away' ? 'one-away' : 'can-make';
    const page = Math.max(0, Number.parseInt(url.searchParams.get('page') ?? '0', 10) || 0);
    const key = toSearchKey(url.searchParams.get('q') ?? '');
    let ids = viewIds(matchers, stock, view === 'can-make' ? 'canMake' : 'oneAway');
    if (key !== '') ids = ids.filter((id) => matchers.keyOf(id).includes(key));
    const start = page * MAKEABLE_PAGE_SIZE;
    const items = ids.slice(start, start + MAKEABLE_PAGE_SIZE).flatMap((id) => {
      const cocktail = cards.get(id) ?? own.recipes.get(id)?.card;
      const match = matchOf(id);
      if (!cocktail || !match) return [];
      const missingId = match.missing[0];
      return [
        {
          cocktail,
          lines: match.lines.map(lineBody),
          missing: view === 'one-away' && missingId !== undefined ? named(missingId) : null,
        },
      ];
    });
    return { items, total: ids.length, page, pageSize: MAKEABLE_PAGE_SIZE };
  }
  const matchId = /^\/api\/me\/bar\/match\/(\d+)$/.exec(url.pathname)?.[1];
  if (matchId !== undefined) {
    const match = matchOf(Number(matchId));
    if (!match) return null;
    return { cocktailId: match.cocktailId, lines: match.lines.map(lineBody), canMake: match.missing.length === 0 };
  }
  if (url.pathname === '/api/me/bar/suggestions') {
    const suggestions = buyNextOverBoth(matchers, stock, SUGGESTION_LIMIT, SUGGESTION_EXAMPLES);
    const items = suggestions.flatMap((suggestion) => {
      const ingredient: BarIngredient | undefined =
        ingredients.get(suggestion.ingredientId) ?? own.ingredients.get(suggestion.ingredientId);
      if (!ingredient) return [];
      const { id, slug, name, category, parentId, houseMade } = ingredient;
      return [
        {
          ingredient: { id, slug, name, category, parentId, houseMade },
          unlocks: suggestion.unlocks,
          nearer: suggestion.nearer,
          examples: suggestion.examples.map(
            (example) => cards.get(example)?.name ?? own.recipes.get(example)?.name ?? `#${example}`,
          ),
        },
      ];
    });
    return { items };
  }
  return null;
}
