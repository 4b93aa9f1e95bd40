import type { BarStock, BuyNext, Classification, LineCoverage, Swap } from '@/shared/domain/my-bar';
import type { IngredientSummary } from '@/shared/schemas/ingredient';
import {
  MAKEABLE_PAGE_SIZE,
  MAX_BAR_ITEMS,
  type BarList,
  type LineCoverageBody,
  type MadeDrink,
  type MadeList,
  type MakeableIds,
  type MakeablePage,
  type MakeableQuery,
  type RecipeMatch,
  type SuggestionList,
  type SwapList,
} from '@/shared/schemas/my-bar';
import { AppError } from '../errors';
import {
  countRows,
  insertBarItems,
  isBarIngredient,
  iso,
  listBar,
  requireBarIngredients,
  requireIngredient,
  toBarIngredient,
  toOwnBarIngredient,
  type UserScope,
} from './bar-rows';
import { getIngredientCatalogue, getMatchModel, toSearchKey, type MatchModel } from '../catalogue';
import { loadOwnMatchData, loadRecipeSummaries, ownRecipeName } from '../recipes';
import { buildOwnMatch, mergeByName, type OwnMatch } from './own-matching';

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

/** Most made drinks `GET /api/me/made` lists (the newest). */
export const MADE_LIST_LIMIT = 100;
/** Most swaps a user keeps (as many as a bar holds bottles). */
export const MAX_SWAPS = MAX_BAR_ITEMS;
/** How far ahead of the server's clock a made drink's time may be (client clocks drift), ms. */
export const MADE_AT_CLOCK_SKEW_MS = 5 * 60_000;
/** The earliest time a made drink may carry (the schema admits year 0000, which PostgreSQL cannot store). */
export const MADE_AT_EARLIEST = '1900-01-01T00:00:00.000Z';

// ---------------------------------------------------------------------------------------------------------------------
// The bar

/**
 * Adds one ingredient to the user's bar. Idempotent: one already there keeps its time.
 * @param now the clock that stamps `created_at` (tests pass their own).
 * @returns the bar afterwards.
 * @throws AppError NOT_FOUND for an unknown ingredient; CONFLICT when the bar already holds {@link MAX_BAR_ITEMS}.
 */
export async function addBarItem({
  db,
  userId,
  ingredientId,
  now = () => new Date(),
}: UserScope & { ingredientId: number; now?: () => Date }): Promise<BarList> {
  await requireBarIngredients(db, userId, [ingredientId]);
  await db.transaction().execute((trx) => insertBarItems(trx, userId, [ingredientId], now()));
  return listBar({ db, userId });
}

/**
 * Adds several ingredients at once (a starter set); those already there are kept as they are. All or nothing: one
 * unknown id adds none.
 * @returns the bar afterwards.
 * @throws AppError NOT_FOUND naming every unknown id; CONFLICT when the bar would pass {@link MAX_BAR_ITEMS}.
 */
export async function addBarItems({
  db,
  userId,
  ingredientIds,
  now = () => new Date(),
}: UserScope & { ingredientIds: readonly number[]; now?: () => Date }): Promise<BarList> {
  const ids = [...new Set(ingredientIds)];
  await requireBarIngredients(db, userId, ids, '; nothing was added');
  await db.transaction().execute((trx) => insertBarItems(trx, userId, ids, now()));
  return listBar({ db, userId });
}

/**
 * Removes one ingredient from the user's bar (nothing else: the shopping list, swaps and made drinks stay). Idempotent.
 * @returns the bar afterwards.
 */
export async function removeBarItem({
  db,
  userId,
  ingredientId,
}: UserScope & { ingredientId: number }): Promise<BarList> {
  if (await isBarIngredient(db, userId, ingredientId)) {
    await db.deleteFrom('bar_item').where('user_id', '=', userId).where('ingredient_id', '=', ingredientId).execute();
  }
  return listBar({ db, userId });
}

// ---------------------------------------------------------------------------------------------------------------------
// Matching

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
  const { model, stock, own, keyOf } = await loadMatchContext({ db, userId });
  const pick = (classified: Classification) => (query.view === 'can-make' ? classified.canMake : classified.oneAway);
  let ids = mergeByName(pick(model.matcher.classify(stock)), own ? pick(own.matcher.classify(stock)) : [], keyOf);
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

/** How many suggestions 'buy next' lists. */
export const SUGGESTION_LIMIT = 20;
/** How many example cocktails (by name) each suggestion names at most. */
export const SUGGESTION_EXAMPLES = 3;

/**
 * 'Buy next' over the catalogue and the user's own recipes together, the best `limit`, `stock` instead of the context's
 * when given: each matcher's suggestions in full, summed per ingredient (the two sets of cocktails are apart, so the
 * sums are exact), examples (at most `examples`) merged in name order.
 */
export function combinedBuyNext(
  context: MatchContext,
  limit = SUGGESTION_LIMIT,
  examples = SUGGESTION_EXAMPLES,
): BuyNext[] {
  const { model, stock, own, keyOf } = context;
  if (!own) return model.matcher.buyNext(stock, limit, examples);
  const all = Number.MAX_SAFE_INTEGER;
  const byIngredient = new Map<number, BuyNext>();
  for (const suggestion of [
    ...model.matcher.buyNext(stock, all, examples),
    ...own.matcher.buyNext(stock, all, examples),
  ]) {
    const known = byIngredient.get(suggestion.ingredientId);
    if (!known) {
      byIngredient.set(suggestion.ingredientId, { ...suggestion });
      continue;
    }
    known.unlocks += suggestion.unlocks;
    known.nearer += suggestion.nearer;
    known.examples = mergeByName(known.examples, suggestion.examples, keyOf).slice(0, examples);
  }
  const name = (id: number) => named(model, id, own).name;
  return [...byIngredient.values()]
    .sort(
      (a, b) =>
        b.unlocks - a.unlocks || b.nearer - a.nearer || name(a.ingredientId).localeCompare(name(b.ingredientId)),
    )
    .slice(0, limit);
}

/**
 * The ids the bar can make now over the catalogue and the user's own recipes, in name order; `stock` instead of the
 * context's when given (what buying the shopping list would make).
 */
export function combinedCanMake(context: MatchContext, stock: BarStock = context.stock): number[] {
  const { model, own, keyOf } = context;
  return mergeByName(model.matcher.classify(stock).canMake, own ? own.matcher.classify(stock).canMake : [], keyOf);
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

// ---------------------------------------------------------------------------------------------------------------------
// Made drinks

/**
 * Records that the user made a public cocktail or one of their own recipes, with an optional note (trimmed; empty means none), at `madeAt` (ISO 8601
 * with offset; default now). Made drinks are never deduplicated: each one is a separate event.
 * @returns the made drink.
 * @throws AppError NOT_FOUND when no public cocktail nor own recipe of the user has this id; VALIDATION_FAILED (naming madeAt) when `madeAt` is more
 *   than {@link MADE_AT_CLOCK_SKEW_MS} ahead of the server's clock or before {@link MADE_AT_EARLIEST}.
 */
export async function recordMadeDrink({
  db,
  userId,
  cocktailId,
  note,
  madeAt,
  now = () => new Date(),
}: UserScope & { cocktailId: number; note?: string; madeAt?: string; now?: () => Date }): Promise<MadeDrink> {
  const model = await getMatchModel(db);
  const index = model.cocktailIndex.get(cocktailId);
  const name = index === undefined ? await ownRecipeName(db, userId, cocktailId) : model.cocktailNames[index];
  if (name === null || name === undefined) throw new AppError('NOT_FOUND', `no cocktail has id ${cocktailId}`);
  const at = madeAt === undefined ? now() : new Date(madeAt);
  if (Number.isNaN(at.getTime())) throw new AppError('VALIDATION_FAILED', 'madeAt must be an ISO 8601 date and time');
  if (at.getTime() > now().getTime() + MADE_AT_CLOCK_SKEW_MS) {
    throw new AppError('VALIDATION_FAILED', 'madeAt must not be in the future');
  }
  if (at.getTime() < Date.parse(MADE_AT_EARLIEST)) {
    throw new AppError('VALIDATION_FAILED', `madeAt must not be before ${MADE_AT_EARLIEST.slice(0, 10)}`);
  }
  const text = note?.trim() ? note.trim() : null;
  const row = await db
    .insertInto('made_drink')
    .values({ user_id: userId, cocktail_id: cocktailId, made_at: at.toISOString(), note: text })
    .returning(['id', 'made_at'])
    .executeTakeFirstOrThrow();
  return {
    id: Number(row.id),
    cocktail: { id: cocktailId, name },
    madeAt: iso(row.made_at),
    note: text,
  };
}

/** The user's latest made drinks, newest first (ties by id), at most `limit`, with the cocktail's name. */
export async function listRecentMadeDrinks({ db, userId, limit }: UserScope & { limit: number }): Promise<MadeDrink[]> {
  const rows = await db
    .selectFrom('made_drink')
    .innerJoin('cocktail', 'cocktail.id', 'made_drink.cocktail_id')
    .select(['made_drink.id', 'made_drink.cocktail_id', 'cocktail.name', 'made_drink.made_at', 'made_drink.note'])
    .where('made_drink.user_id', '=', userId)
    .orderBy('made_drink.made_at', 'desc')
    .orderBy('made_drink.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    cocktail: { id: Number(row.cocktail_id), name: row.name },
    madeAt: iso(row.made_at),
    note: row.note,
  }));
}

/** How many drinks the user recorded as made. */
export async function countMadeDrinks({ db, userId }: UserScope): Promise<number> {
  const row = await db
    .selectFrom('made_drink')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The user's made drinks: the newest {@link MADE_LIST_LIMIT}, newest first, and how many there are in all. */
export async function listMadeDrinks({ db, userId }: UserScope): Promise<MadeList> {
  const [items, total] = await Promise.all([
    listRecentMadeDrinks({ db, userId, limit: MADE_LIST_LIMIT }),
    countMadeDrinks({ db, userId }),
  ]);
  return { items, total };
}

// ---------------------------------------------------------------------------------------------------------------------
// Swaps

/** The user's accepted swaps ('I use `to` for `from`'), by the name of `from`, then of `to`. */
export async function listSwaps({ db, userId }: UserScope): Promise<SwapList> {
  const [catalogue, rows] = await Promise.all([
    getIngredientCatalogue(db),
    db.selectFrom('ingredient_swap').select(['from_id', 'to_id']).where('user_id', '=', userId).execute(),
  ]);
  const position = (id: number) => catalogue.order.get(id) ?? Number.MAX_SAFE_INTEGER;
  return {
    items: rows
      .map((row) => ({ from: Number(row.from_id), to: Number(row.to_id) }))
      .filter((swap) => catalogue.byId.has(swap.from) && catalogue.byId.has(swap.to))
      .sort((a, b) => position(a.from) - position(b.from) || position(a.to) - position(b.to))
      .map((swap) => ({
        from: toBarIngredient(catalogue.byId.get(swap.from) as IngredientSummary),
        to: toBarIngredient(catalogue.byId.get(swap.to) as IngredientSummary),
      })),
  };
}

/**
 * Accepts a swap: a line asking for `fromId` (or anything above it) is covered by `toId` (or anything below it), in
 * every view. Idempotent.
 * @returns the swaps afterwards.
 * @throws AppError NOT_FOUND naming an unknown ingredient; CONFLICT when the user already keeps {@link MAX_SWAPS}.
 */
export async function addSwap({
  db,
  userId,
  fromId,
  toId,
  now = () => new Date(),
}: UserScope & Swap & { now?: () => Date }): Promise<SwapList> {
  const catalogue = await getIngredientCatalogue(db);
  requireIngredient(catalogue, fromId);
  requireIngredient(catalogue, toId);
  await db.transaction().execute(async (trx) => {
    const there = await trx
      .selectFrom('ingredient_swap')
      .select('to_id')
      .where('user_id', '=', userId)
      .where('from_id', '=', fromId)
      .where('to_id', '=', toId)
      .executeTakeFirst();
    if (there) return;
    if ((await countRows(trx, 'ingredient_swap', userId)) >= MAX_SWAPS) {
      throw new AppError('CONFLICT', `a user keeps at most ${MAX_SWAPS} swaps`);
    }
    await trx
      .insertInto('ingredient_swap')
      .values({ user_id: userId, from_id: fromId, to_id: toId, created_at: now().toISOString() })
      .onConflict((conflict) => conflict.columns(['user_id', 'from_id', 'to_id']).doNothing())
      .execute();
  });
  return listSwaps({ db, userId });
}

/** Drops a swap. Idempotent. @returns the swaps afterwards. */
export async function removeSwap({ db, userId, fromId, toId }: UserScope & Swap): Promise<SwapList> {
  const catalogue = await getIngredientCatalogue(db);
  if (catalogue.byId.has(fromId) && catalogue.byId.has(toId)) {
    await db
      .deleteFrom('ingredient_swap')
      .where('user_id', '=', userId)
      .where('from_id', '=', fromId)
      .where('to_id', '=', toId)
      .execute();
  }
  return listSwaps({ db, userId });
}

// ---------------------------------------------------------------------------------------------------------------------
// Account deletion

/** What {@link deleteMyBarData} removed, rows per table. */
export interface MyBarDeletion {
  barItems: number;
  shoppingItems: number;
  madeDrinks: number;
  swaps: number;
}

/**
 * Deletes every My Bar row of a user (bar, shopping list, made drinks, swaps). Account deletion calls it inside its
 * transaction (`db` is then the transaction); the foreign keys would cascade anyway when the user row goes.
 */
export async function deleteMyBarData({ db, userId }: UserScope): Promise<MyBarDeletion> {
  const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
  const barItems = count(await db.deleteFrom('bar_item').where('user_id', '=', userId).executeTakeFirst());
  const shoppingItems = count(await db.deleteFrom('shopping_item').where('user_id', '=', userId).executeTakeFirst());
  const madeDrinks = count(await db.deleteFrom('made_drink').where('user_id', '=', userId).executeTakeFirst());
  const swaps = count(await db.deleteFrom('ingredient_swap').where('user_id', '=', userId).executeTakeFirst());
  return { barItems, shoppingItems, madeDrinks, swaps };
}
