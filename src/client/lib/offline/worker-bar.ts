/// <reference lib="webworker" />
/**
 * My Bar with no network, in the service worker (docs/product.md, "Offline"): the shared matcher
 * (src/shared/domain/my-bar.ts) runs over the match catalogue the offline index carries, with the bar and swaps the
 * device kept and the bottle changes still waiting to be sent, and answers what the server would for the bar, its
 * three views ('Can make now', 'One away', 'Buy next'), its can-make marks, a recipe's line marks and what each item of
 * the shopping list would make possible; a waiting 'bought' is the add of its bottle. The user's own recipes are in them
 * as the server puts them (docs/recipes.md "Where your recipes appear"): a second matcher over the kept
 * `GET /api/me/recipes` answer, with the recipe edits still waiting laid over it (worker-own-recipes.ts), merged with
 * the catalogue's in name order by the server's own code (shared/domain/my-bar-own.ts), `own: true` on their cards.
 * With no own recipe kept, the views hold the catalogue's cocktails alone.
 */
import { buildMatcher, type BarStock, type LineCoverage, type Matcher } from '@/shared/domain/my-bar';
import { buyNextOverBoth, viewIds, type BarMatchers } from '@/shared/domain/my-bar-own';
import { toSearchKey } from '@/shared/domain/search-words';
import {
  MAKEABLE_PAGE_SIZE,
  SHOPPING_EXAMPLES,
  SUGGESTION_EXAMPLES,
  SUGGESTION_LIMIT,
} from '@/shared/domain/vocabulary';
import type {
  BarIngredient,
  BarList,
  LineCoverageBody,
  MakeableIds,
  MakeablePage,
  RecipeMatch,
  ShoppingListBody,
  SuggestionList,
  SwapList,
} from '@/shared/schemas/my-bar';
import type { OfflineIndex, OfflineMatchIngredient } from '@/shared/schemas/offline';
import type { OwnRecipeList } from '@/shared/schemas/recipes';
import { withBottle } from './bar-changes';
import { BOUGHT_PATH } from './worker-overlay';
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

/**
 * Every ingredient a kept answer names, as the server named it: the bar's bottles, both sides of each swap, then
 * `keptIngredients` (the user's own ingredients among them, which the index does not hold).
 */
export function ingredientsNamedIn(
  inputs: Pick<BarInputs, 'bar' | 'swaps' | 'keptIngredients'>,
): readonly BarIngredient[] {
  return [
    ...(inputs.bar?.items ?? []),
    ...(inputs.swaps?.items ?? []).flatMap((swap) => [swap.from, swap.to]),
    ...inputs.keptIngredients,
  ];
}

/** The own recipes and ingredients the device knows (worker-own-recipes.ts), read once per `inputs`. */
function ownOf(inputs: BarInputs): OwnOffline {
  let own = ownOfInputs.get(inputs);
  if (!own) {
    const keptIngredients = ingredientsNamedIn(inputs);
    own = ownOffline({ ...inputs, keptIngredients }, matcherOf(inputs.index).ingredients);
    ownOfInputs.set(inputs, own);
  }
  return own;
}

/** The bottle a waiting write adds to the bar: a bottle's PUT, or 'bought' (server/my-bar/shopping.ts); else null. */
function bottleAddOf(write: QueuedWrite): number | null {
  const id =
    write.method === 'PUT'
      ? BOTTLE_PATH.exec(write.path)?.[1]
      : write.method === 'POST'
        ? BOUGHT_PATH.exec(write.path)?.[1]
        : undefined;
  return id === undefined ? null : Number(id);
}

/**
 * The bar as the device shows it: the kept bar with the waiting bottle writes applied in order, a 'bought' as the add
 * it makes (an added bottle is dated when it was added; one already there keeps its date; one of the user's own
 * ingredients is named as {@link OwnOffline} names it). Null when no bar is kept.
 */
export function barWithPending(inputs: BarInputs): BarList | null {
  if (!inputs.bar) return null;
  const { ingredients } = matcherOf(inputs.index);
  let bar: BarList = inputs.bar;
  for (const write of inputs.pending) {
    const adds = bottleAddOf(write);
    const removed = write.method === 'DELETE' ? BOTTLE_PATH.exec(write.path)?.[1] : undefined;
    const id = adds ?? (removed === undefined ? null : Number(removed));
    if (id === null) continue;
    const ingredient = adds === null ? undefined : (ingredients.get(id) ?? ownOf(inputs).ingredients.get(id));
    const change =
      adds === null
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

/** The two matchers of `inputs` as the shared merging reads them, the index's cards, and ingredients' names. */
function matchingOf(inputs: BarInputs) {
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
  /** A cocktail's or an own recipe's name, as the server names an example. */
  const cocktailName = (id: number) => cards.get(id)?.name ?? own.recipes.get(id)?.name ?? `#${id}`;
  return { cards, named, matchers, cocktailName };
}

/**
 * `list` (the kept shopping list, its waiting writes applied: worker-overlay.ts) with what each item and the whole list
 * would make possible worked out as the server works it out (server/my-bar/shopping.ts listShopping), over the bar
 * with its waiting writes and the kept swaps and own recipes: each item's drinks alone (Buy next's count, up to
 * {@link SHOPPING_EXAMPLES} by name), and what buying all of it adds to 'Can make now'. `list` as it is when no bar is
 * kept.
 */
export function shoppingWithFigures(list: ShoppingListBody, inputs: BarInputs): ShoppingListBody {
  if (list.items.length === 0) return { items: [], together: { unlocks: 0, examples: [] } };
  const stock = stockOf(inputs);
  if (!stock) return list;
  const { matchers, cocktailName } = matchingOf(inputs);
  const listed = new Set(list.items.map((item) => item.ingredient.id));
  const alone = new Map(
    buyNextOverBoth(matchers, stock, Number.POSITIVE_INFINITY, SHOPPING_EXAMPLES)
      .filter((suggestion) => listed.has(suggestion.ingredientId))
      .map((suggestion) => [suggestion.ingredientId, suggestion]),
  );
  const before = new Set(viewIds(matchers, stock, 'canMake'));
  const gained = viewIds(matchers, { ...stock, owned: [...stock.owned, ...listed] }, 'canMake').filter(
    (id) => !before.has(id),
  );
  return {
    items: list.items.map((item) => {
      const suggestion = alone.get(item.ingredient.id);
      return {
        ...item,
        unlocks: suggestion?.unlocks ?? 0,
        examples: (suggestion?.examples ?? []).map(cocktailName),
      };
    }),
    together: { unlocks: gained.length, examples: gained.slice(0, SHOPPING_EXAMPLES).map(cocktailName) },
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
  const { matcher, ingredients } = matcherOf(inputs.index);
  const own = ownOf(inputs);
  const { cards, named, matchers, cocktailName } = matchingOf(inputs);
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
          examples: suggestion.examples.map(cocktailName),
        },
      ];
    });
    return { items };
  }
  return null;
}
