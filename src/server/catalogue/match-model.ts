import type { Kysely } from 'kysely';
import {
  buildMatcher,
  type MatchCatalogue,
  type MatchCocktail,
  type Matcher,
  type MatchIngredient,
  type MatchLine,
} from '@/shared/domain/my-bar';
import { yieldForJuice } from '@/shared/domain/produce';
import type { Database } from '../db/types';
import { getIngredientCatalogue, type IngredientCatalogue } from './ingredient-catalogue';
import { versionedMemo } from './versioned-memo';

/**
 * The public catalogue as My Bar matching needs it (src/shared/domain/my-bar.ts), built once per catalogue version and kept
 * in memory per database client.
 *
 * Memory: the matcher keeps each cocktail's lines (ingredient id, optional flag, substitutes; equal lines are one shared
 * object, lines without substitutes share one empty array) plus its own lookups (a required-line signature per line in an
 * Int32Array, the id-to-index map), and this model keeps each cocktail's id, name and name key. Measured by the benchmark
 * (`npm run bench:my-bar`, scripts/bench/my-bar.ts): about 46 MB of heap at 100,000 generated cocktails of three lines,
 * under 1 MB for the seed catalogue (200 cocktails). A build reads three result sets (cocktails in name order, their
 * lines, the line substitutes) and takes about 0.9 s at 100,000 cocktails (both databases); it happens once per version,
 * by one caller while the others wait for it.
 */

/** The match model of one catalogue version. */
export interface MatchModel {
  /** The catalogue version it was built from. */
  version: string;
  /** The matcher over every public cocktail, in catalogue order (name key, then id). */
  matcher: Matcher;
  /** What the matcher was built from (the offline index hands it to the browser's matcher). */
  catalogue: MatchCatalogue;
  /** The catalogue's ingredients (names, categories, parents, parts). */
  ingredients: IngredientCatalogue;
  /** Public cocktail ids in catalogue order. */
  cocktailIds: readonly number[];
  /** The position of each public cocktail id in `cocktailIds`. */
  cocktailIndex: ReadonlyMap<number, number>;
  /** Cocktail names, by position. */
  cocktailNames: readonly string[];
  /** Cocktail name keys (search-text.ts's toSearchKey of the name), by position: what a name filter compares. */
  cocktailNameKeys: readonly string[];
  /** How long the build took, ms, and how many cocktails and lines it holds. */
  stats: { buildMs: number; cocktails: number; lines: number };
}

/**
 * The catalogue's ingredients as matching needs them: parents, house-made parts, whether each is a variant of its parent,
 * and the fruit each juice is pressed from (src/shared/domain/produce.ts, by slug).
 */
export function matchIngredientsOf(catalogue: IngredientCatalogue): MatchIngredient[] {
  const idOfSlug = new Map(catalogue.items.map((item) => [item.slug, item.id]));
  return catalogue.items.map((item) => {
    const fruit = yieldForJuice(item.slug);
    const fruitId = fruit ? idOfSlug.get(fruit.produce) : undefined;
    return {
      id: item.id,
      name: item.name,
      parentId: item.parentId,
      parts: item.parts,
      variant: item.variant,
      ...(fruitId === undefined ? {} : { pressedFrom: [fruitId] }),
    };
  });
}

/** The one array every line without substitutes shares. */
const NO_SUBSTITUTES: readonly number[] = Object.freeze([]);

/**
 * Reads the public catalogue (venue_id null) and builds its match model: ingredients with their parents and parts;
 * cocktails in catalogue order, each with its lines (ingredient, optional, substitutes) in recipe order.
 * @throws the database's error when a read fails.
 */
export async function buildMatchModel(db: Kysely<Database>, version: string): Promise<MatchModel> {
  const started = performance.now();
  const [ingredients, cocktails, lines, substitutes] = await Promise.all([
    getIngredientCatalogue(db),
    db
      .selectFrom('cocktail')
      .select(['id', 'name', 'name_key'])
      .where('venue_id', 'is', null)
      .where('owner_id', 'is', null)
      .orderBy('name_key')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('cocktail_ingredient')
      .innerJoin('cocktail', 'cocktail.id', 'cocktail_ingredient.cocktail_id')
      .select([
        'cocktail_ingredient.cocktail_id',
        'cocktail_ingredient.position',
        'cocktail_ingredient.ingredient_id',
        'cocktail_ingredient.is_optional',
      ])
      .where('cocktail.venue_id', 'is', null)
      .where('cocktail.owner_id', 'is', null)
      .orderBy('cocktail_ingredient.cocktail_id')
      .orderBy('cocktail_ingredient.position')
      .execute(),
    db
      .selectFrom('cocktail_ingredient_substitute')
      .innerJoin('cocktail', 'cocktail.id', 'cocktail_ingredient_substitute.cocktail_id')
      .select([
        'cocktail_ingredient_substitute.cocktail_id',
        'cocktail_ingredient_substitute.position',
        'cocktail_ingredient_substitute.ingredient_id',
      ])
      .where('cocktail.venue_id', 'is', null)
      .where('cocktail.owner_id', 'is', null)
      .orderBy('cocktail_ingredient_substitute.ingredient_id')
      .execute(),
  ]);
  const subsByLine = new Map<string, number[]>();
  for (const row of substitutes) {
    const key = `${Number(row.cocktail_id)}:${Number(row.position)}`;
    const list = subsByLine.get(key);
    if (list) list.push(Number(row.ingredient_id));
    else subsByLine.set(key, [Number(row.ingredient_id)]);
  }
  // Lines asking for the same thing are one shared object (a catalogue repeats 'lime juice, required' many times over).
  const shared = new Map<string, MatchLine>();
  const linesByCocktail = new Map<number, MatchLine[]>();
  for (const row of lines) {
    const cocktailId = Number(row.cocktail_id);
    const ingredientId = Number(row.ingredient_id);
    const optional = Number(row.is_optional) === 1;
    const substitutes = subsByLine.get(`${cocktailId}:${Number(row.position)}`) ?? NO_SUBSTITUTES;
    const key = `${ingredientId}|${optional ? 1 : 0}|${substitutes.join(',')}`;
    let line = shared.get(key);
    if (!line) shared.set(key, (line = Object.freeze({ ingredientId, optional, substitutes })));
    const list = linesByCocktail.get(cocktailId);
    if (list) list.push(line);
    else linesByCocktail.set(cocktailId, [line]);
  }
  const cocktailIds = cocktails.map((row) => Number(row.id));
  const matchCocktails: MatchCocktail[] = cocktailIds.map((id) => ({ id, lines: linesByCocktail.get(id) ?? [] }));
  const catalogue: MatchCatalogue = { ingredients: matchIngredientsOf(ingredients), cocktails: matchCocktails };
  return {
    version,
    matcher: buildMatcher(catalogue),
    catalogue,
    ingredients,
    cocktailIds,
    cocktailIndex: new Map(cocktailIds.map((id, index) => [id, index])),
    cocktailNames: cocktails.map((row) => row.name),
    cocktailNameKeys: cocktails.map((row) => row.name_key),
    stats: { buildMs: performance.now() - started, cocktails: cocktailIds.length, lines: lines.length },
  };
}

const matchMemo = versionedMemo(buildMatchModel);

/**
 * The match model of the current catalogue version: from memory, or built (once, whoever else is waiting for it) when the
 * version changed since the last build. Costs one cached version read when the model is current.
 * @throws the database's error when the model must be built and the database cannot answer (the API answers 503).
 */
export function getMatchModel(db: Kysely<Database>): Promise<MatchModel> {
  return matchMemo.get(db);
}
