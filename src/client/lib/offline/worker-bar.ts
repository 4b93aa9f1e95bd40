/// <reference lib="webworker" />
/**
 * My Bar with no network, in the service worker (docs/product.md, "Offline"): the shared matcher
 * (src/shared/domain/my-bar.ts) runs over the match catalogue the offline index carries, with the bar and swaps the
 * device kept and the bottle changes still waiting to be sent, and answers what the server would for the bar, its
 * three views ('Can make now', 'One away', 'Buy next'), its can-make marks and a recipe's line marks. Own recipes are
 * matched by the server only: offline, the views hold the catalogue's cocktails.
 */
import { buildMatcher, type BarStock, type LineCoverage, type Matcher } from '@/shared/domain/my-bar';
import { toSearchKey } from '@/shared/domain/search-words';
import { MAKEABLE_PAGE_SIZE, SUGGESTION_EXAMPLES, SUGGESTION_LIMIT } from '@/shared/domain/vocabulary';
import type {
  BarList,
  LineCoverageBody,
  MakeableIds,
  MakeablePage,
  RecipeMatch,
  SuggestionList,
  SwapList,
} from '@/shared/schemas/my-bar';
import type { OfflineIndex, OfflineMatchIngredient } from '@/shared/schemas/offline';
import { withBottle } from './bar-changes';
import type { QueuedWrite } from './write-queue';

/** What the worker has at hand for My Bar: the offline index, the kept bar and swaps, and the waiting writes. */
export interface BarInputs {
  index: OfflineIndex;
  bar: BarList | null;
  swaps: SwapList | null;
  pending: readonly QueuedWrite[];
}

const BOTTLE_PATH = /^\/api\/me\/bar\/(\d+)$/;

let built: { version: string; matcher: Matcher; ingredients: Map<number, OfflineMatchIngredient> } | null = null;

/** The matcher of `index`, built once per catalogue version. */
function matcherOf(index: OfflineIndex) {
  if (built?.version !== index.version) {
    built = {
      version: index.version,
      matcher: buildMatcher(index.match),
      ingredients: new Map(index.match.ingredients.map((ingredient) => [ingredient.id, ingredient])),
    };
  }
  return built;
}

/**
 * The bar as the device shows it: the kept bar with the waiting bottle writes applied in order (an added bottle is
 * dated when it was added). Null when no bar is kept.
 */
export function barWithPending(inputs: BarInputs): BarList | null {
  if (!inputs.bar) return null;
  const { ingredients } = matcherOf(inputs.index);
  let bar: BarList = inputs.bar;
  for (const write of inputs.pending) {
    const id = Number(BOTTLE_PATH.exec(write.path)?.[1] ?? Number.NaN);
    if (!Number.isInteger(id) || (write.method !== 'PUT' && write.method !== 'DELETE')) continue;
    const ingredient = ingredients.get(id);
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
  const { matcher, ingredients } = matcherOf(inputs.index);
  const cards = new Map(inputs.index.items.map((item) => [item.id, item]));
  const named = (id: number) => ({ id, name: ingredients.get(id)?.name ?? `#${id}` });
  const lineBody = (line: LineCoverage): LineCoverageBody => ({
    position: line.position,
    ingredient: named(line.ingredientId),
    coverage: line.coverage,
    via: line.viaId === null ? null : named(line.viaId),
  });

  if (url.pathname === '/api/me/bar/makeable-ids') return { ids: matcher.classify(stock).canMake };
  if (url.pathname === '/api/me/bar/makeable') {
    const view = url.searchParams.get('view') === 'one-away' ? 'one-away' : 'can-make';
    const page = Math.max(0, Number.parseInt(url.searchParams.get('page') ?? '0', 10) || 0);
    const key = toSearchKey(url.searchParams.get('q') ?? '');
    const classified = matcher.classify(stock);
    let ids = view === 'can-make' ? classified.canMake : classified.oneAway;
    if (key !== '') ids = ids.filter((id) => toSearchKey(cards.get(id)?.name ?? '').includes(key));
    const start = page * MAKEABLE_PAGE_SIZE;
    const items = ids.slice(start, start + MAKEABLE_PAGE_SIZE).flatMap((id) => {
      const cocktail = cards.get(id);
      const match = matcher.match(id, stock);
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
    const match = matcher.match(Number(matchId), stock);
    if (!match) return null;
    return { cocktailId: match.cocktailId, lines: match.lines.map(lineBody), canMake: match.missing.length === 0 };
  }
  if (url.pathname === '/api/me/bar/suggestions') {
    const items = matcher.buyNext(stock, SUGGESTION_LIMIT, SUGGESTION_EXAMPLES).flatMap((suggestion) => {
      const ingredient = ingredients.get(suggestion.ingredientId);
      if (!ingredient) return [];
      const { id, slug, name, category, parentId, houseMade } = ingredient;
      return [
        {
          ingredient: { id, slug, name, category, parentId, houseMade },
          unlocks: suggestion.unlocks,
          nearer: suggestion.nearer,
          examples: suggestion.examples.map((example) => cards.get(example)?.name ?? `#${example}`),
        },
      ];
    });
    return { items };
  }
  return null;
}
