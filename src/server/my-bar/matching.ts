/** My Bar's matching: the user's stock against the catalogue and their own recipes (makeable, a recipe's match, buy next). */
import type { BarStock, BuyNext, LineCoverage, Swap } from '@/shared/domain/my-bar';
import { buyNextOverBoth, viewIds, type BarMatchers } from '@/shared/domain/my-bar-own';
import { SUGGESTION_EXAMPLES, SUGGESTION_LIMIT } from '@/shared/domain/vocabulary';
import {
  MAKEABLE_PAGE_SIZE,
  type LineCoverageBody,
  type MakeableIds,
  type MakeablePage,
  type MakeableQuery,
  type RecipeMatch,
  type SuggestionList,
} from '@/shared/schemas/my-bar';
import { AppError } from '../errors';
import { toBarIngredient, toOwnBarIngredient, type UserScope } from './bar-rows';
import { getMatchModel, toSearchKey, type MatchModel } from '../catalogue';
import { loadOwnMatchData, loadRecipeSummaries } from '../recipes';
import { buildOwnMatch, type OwnMatch } from './own-matching';

/**
 * My Bar's use cases (DOMAIN.md "My Bar matching"; shapes in src/shared/schemas/my-bar.ts). No HTTP here: each takes one
 * options object with the user's id (always from the session, never from the request) and touches only that user's rows.
 * The catalogue side (ingredients, the matcher) comes from the catalogue feature's in-memory models, so checking that an
 * id exists costs no database round trip, and an id beyond the database's integer range never reaches the database.
 * The user's own recipes are matched too, per request and for their owner only (own-matching.ts), and appear in every
 * view in name order among the catalogue's; the bar also takes the user's own free-text ingredients (bar-rows.ts).
 * Errors: AppError NOT_FOUND for an unknown ingredient or cocktail, CONFLICT past a size limit, VALIDATION_FAILED for a
 * future made drink; database errors propagate as they are (the API answers 503 when the database is away).
 */

/**
 * The user's stock for matching: the bottles owned (a house-made one owned counts as made) and the accepted swaps. A new
 * object each call (the matcher remembers its view per object, so it lives as long as the request).
 */
export async function loadStock({ db, userId }: UserScope): Promise<BarStock> {
  const [owned, swaps] = await Promise.all([
    db.selectFrom('bar_item').select('ingredient_id').where('user_id', '=', userId).execute(),
    db.selectFrom('ingredient_swap').select(['from_id', 'to_id']).where('user_id', '=', userId).execute(),
  ]);
  return {
    owned: owned.map((row) => Number(row.ingredient_id)),
    swaps: swaps.map((row): Swap => ({ fromId: Number(row.from_id), toId: Number(row.to_id) })),
  };
}

/**
 * `{id, name}` of an ingredient: the catalogue's, or one of the user's own ('#id' names one the catalogue lost since,
 * which cannot normally happen).
 */
function named(model: MatchModel, id: number, own: OwnMatch | null = null): { id: number; name: string } {
  return { id, name: model.ingredients.byId.get(id)?.name ?? own?.ingredients.get(id)?.name ?? `#${id}` };
}

/** A line's coverage with the names a card shows. */
function toLineBody(model: MatchModel, line: LineCoverage, own: OwnMatch | null = null): LineCoverageBody {
  return {
    position: line.position,
    ingredient: named(model, line.ingredientId, own),
    coverage: line.coverage,
    via: line.viaId === null ? null : named(model, line.viaId, own),
  };
}

/** What a view matches with: the catalogue's model, the user's stock, and the user's own recipes (null: none). */
export interface MatchContext {
  model: MatchModel;
  stock: BarStock;
  own: OwnMatch | null;
  /** The name key of a public cocktail or own recipe ('' for an unknown id). */
  keyOf: (id: number) => string;
  /** The name of a public cocktail or own recipe. */
  nameOf: (id: number) => string;
}

/** The two matchers of a context, as the shared merging (shared/domain/my-bar-own.ts) reads them. */
function matchersOf({ model, own, keyOf }: MatchContext): BarMatchers {
  return {
    catalogue: model.matcher,
    own: own?.matcher ?? null,
    keyOf,
    ingredientName: (id) => named(model, id, own).name,
  };
}

/** Reads the model, the stock and the user's own recipes together, and builds the own recipes' matcher. */
export async function loadMatchContext({ db, userId }: UserScope): Promise<MatchContext> {
  const [model, stock, ownData] = await Promise.all([
    getMatchModel(db),
    loadStock({ db, userId }),
    loadOwnMatchData(db, userId),
  ]);
  const own = buildOwnMatch(model, ownData);
  return {
    model,
    stock,
    own,
    keyOf: (id) => own?.byId.get(id)?.nameKey ?? model.cocktailNameKeys[model.cocktailIndex.get(id) ?? -1] ?? '',
    nameOf: (id) => own?.byId.get(id)?.name ?? model.cocktailNames[model.cocktailIndex.get(id) ?? -1] ?? `#${id}`,
  };
}

/**
 * One page of a My Bar view, in name order: 'can-make' (every required line covered) or 'one-away' (exactly one
 * uncovered, named in `missing`), over the catalogue and the user's own recipes (`own: true` on their cards). `q` keeps
 * cocktails whose name contains it (case- and accent-insensitively). Pages of {@link MAKEABLE_PAGE_SIZE}, 0-based; a page
 * past the end is empty with the real total. Each item carries the cocktail's list item and how each of its lines is
 * covered. Matching runs over ids only; line detail is built for the page alone.
 */
export async function listMakeable({ db, userId, query }: UserScope & { query: MakeableQuery }): Promise<MakeablePage> {
  const context = await loadMatchContext({ db, userId });
  const { model, stock, own, keyOf } = context;
  let ids = viewIds(matchersOf(context), stock, query.view === 'can-make' ? 'canMake' : 'oneAway');
  const key = toSearchKey(query.q);
  if (key !== '') ids = ids.filter((id) => keyOf(id).includes(key));
  const start = query.page * MAKEABLE_PAGE_SIZE;
  const summaries = await loadRecipeSummaries(db, ids.slice(start, start + MAKEABLE_PAGE_SIZE), { ownerId: userId });
  const items = summaries.flatMap((cocktail) => {
    const match = own && cocktail.own ? own.matcher.match(cocktail.id, stock) : model.matcher.match(cocktail.id, stock);
    if (!match) return [];
    const missingId = match.missing[0];
    return [
      {
        cocktail,
        lines: match.lines.map((line) => toLineBody(model, line, own)),
        missing: query.view === 'one-away' && missingId !== undefined ? named(model, missingId, own) : null,
      },
    ];
  });
  return { items, total: ids.length, page: query.page, pageSize: MAKEABLE_PAGE_SIZE };
}

/**
 * The ids of every cocktail the user's bar can make now, the user's own recipes among them, in name order (for 'can
 * make' marks and filters).
 */
export async function listMakeableIds({ db, userId }: UserScope): Promise<MakeableIds> {
  return { ids: combinedCanMake(await loadMatchContext({ db, userId })) };
}

/**
 * How the user's bar covers each line of one public cocktail or one of the user's own recipes (the recipe modal's
 * marks). The user's own recipes are read only for an id that is not a public cocktail.
 * @throws AppError NOT_FOUND when neither has this id (another user's recipe included).
 */
export async function matchRecipe({
  db,
  userId,
  cocktailId,
}: UserScope & { cocktailId: number }): Promise<RecipeMatch> {
  const [model, stock] = await Promise.all([getMatchModel(db), loadStock({ db, userId })]);
  let own: OwnMatch | null = null;
  let match = model.matcher.match(cocktailId, stock);
  if (!match) {
    own = buildOwnMatch(model, await loadOwnMatchData(db, userId));
    match = own?.matcher.match(cocktailId, stock) ?? null;
  }
  if (!match) throw new AppError('NOT_FOUND', `no cocktail has id ${cocktailId}`);
  return {
    cocktailId,
    lines: match.lines.map((line) => toLineBody(model, line, own)),
    canMake: match.missing.length === 0,
  };
}

/**
 * 'Buy next' over the catalogue and the user's own recipes together, the best `limit` (shared/domain/my-bar-own.ts
 * buyNextOverBoth: each matcher's suggestions summed per ingredient, examples, at most `examples`, merged in name order).
 */
export function combinedBuyNext(
  context: MatchContext,
  limit = SUGGESTION_LIMIT,
  examples = SUGGESTION_EXAMPLES,
): BuyNext[] {
  return buyNextOverBoth(matchersOf(context), context.stock, limit, examples);
}

/**
 * The ids the bar can make now over the catalogue and the user's own recipes, in name order; `stock` instead of the
 * context's when given (what buying the shopping list would make).
 */
export function combinedCanMake(context: MatchContext, stock: BarStock = context.stock): number[] {
  return viewIds(matchersOf(context), stock, 'canMake');
}

/**
 * 'Buy next': the ingredients the user does not have, ranked by how many more cocktails each one makes possible (counted
 * exactly, the user's own recipes included), then by how many it brings within one ingredient, then by name; the best
 * {@link SUGGESTION_LIMIT}, each with up to {@link SUGGESTION_EXAMPLES} of the cocktails it makes possible (by name). An
 * own free-text ingredient an own recipe lacks may be suggested (filed under its own category).
 */
export async function listSuggestions({ db, userId }: UserScope): Promise<SuggestionList> {
  const context = await loadMatchContext({ db, userId });
  const { model, own, nameOf } = context;
  const items = combinedBuyNext(context).flatMap((suggestion) => {
    const ingredient = model.ingredients.byId.get(suggestion.ingredientId);
    const ownIngredient = ingredient ? undefined : own?.ingredients.get(suggestion.ingredientId);
    const shown = ingredient ? toBarIngredient(ingredient) : ownIngredient ? toOwnBarIngredient(ownIngredient) : null;
    if (!shown) return [];
    return [
      {
        ingredient: shown,
        unlocks: suggestion.unlocks,
        nearer: suggestion.nearer,
        examples: suggestion.examples.map(nameOf),
      },
    ];
  });
  return { items };
}
