import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { broaderIngredients, getIngredientCatalogue } from '../ingredient-catalogue';
import { CatalogueSearchEngine } from './search-engine';
import type { EngineRow, RecipeIngredients } from './search-types';

/**
 * One search engine (search-engine.ts) per database client and catalogue version: built from the database at boot and in
 * the background after a catalogue change, dropped when the version changes. It is only ever a copy of the tables.
 * Popularity (members who saved each cocktail) is re-read every {@link POPULARITY_REFRESH_MS} while searches come in.
 */

/** How often a process re-reads popularity, ms. */
export const POPULARITY_REFRESH_MS = 10 * 60 * 1000;

/** Columns of `cocktail` the engine reads. */
const ENGINE_COLUMNS = [
  'id',
  'name_key',
  'search_text',
  'description_key',
  'base_spirit',
  'category',
  'glassware',
  'technique',
  'strength',
  'difficulty_level',
  'preparation_time',
  'flavor_profile',
  'seasonal_tags',
  'occasion_tags',
] as const;

/**
 * Members who saved each cocktail, by cocktail id (cocktails nobody saved are absent), from the counts the database keeps
 * beside the favorites (`cocktail_saves`), so the read does not grow with the number of favorites.
 */
export async function readPopularity(db: Kysely<Database>): Promise<Map<number, number>> {
  const rows = await db.selectFrom('cocktail_saves').select(['cocktail_id', 'saves']).where('saves', '>', 0).execute();
  return new Map(rows.map((row) => [Number(row.cocktail_id), Number(row.saves)]));
}

/**
 * Per public cocktail, the ids of the ingredients its recipe names and of every broader ingredient above them (Bourbon
 * -> American whiskey -> Whiskey) that it does not name itself, each once. The parent links come from the ingredient
 * catalogue in memory.
 */
async function readIngredientsOf(db: Kysely<Database>): Promise<Map<number, RecipeIngredients>> {
  const [catalogue, lines] = await Promise.all([
    getIngredientCatalogue(db),
    db
      .selectFrom('cocktail_ingredient')
      .innerJoin('cocktail', 'cocktail.id', 'cocktail_ingredient.cocktail_id')
      .select(['cocktail_ingredient.cocktail_id', 'cocktail_ingredient.ingredient_id'])
      .where('cocktail.venue_id', 'is', null)
      .where('cocktail.owner_id', 'is', null)
      .execute(),
  ]);
  const lineage = new Map<number, number[]>();
  const out = new Map<number, { poured: number[]; broader: number[] }>();
  for (const line of lines) {
    const cocktailId = Number(line.cocktail_id);
    const ingredientId = Number(line.ingredient_id);
    let recipe = out.get(cocktailId);
    if (!recipe) out.set(cocktailId, (recipe = { poured: [], broader: [] }));
    if (!recipe.poured.includes(ingredientId)) recipe.poured.push(ingredientId);
  }
  for (const recipe of out.values()) {
    for (const ingredientId of recipe.poured) {
      let broader = lineage.get(ingredientId);
      if (!broader) lineage.set(ingredientId, (broader = broaderIngredients(catalogue, ingredientId).slice(1)));
      for (const id of broader) {
        if (!recipe.poured.includes(id) && !recipe.broader.includes(id)) recipe.broader.push(id);
      }
    }
  }
  return out;
}

/**
 * Reads the public catalogue into a new search engine for `version`.
 * @throws the database's error.
 */
export async function buildSearchIndex(db: Kysely<Database>, version: string): Promise<CatalogueSearchEngine> {
  const [rows, ingredientsOf, popularity] = await Promise.all([
    db
      .selectFrom('cocktail')
      .select([...ENGINE_COLUMNS])
      .where('venue_id', 'is', null)
      .where('owner_id', 'is', null)
      .orderBy('name_key')
      .orderBy('id')
      .execute(),
    readIngredientsOf(db),
    readPopularity(db),
  ]);
  return new CatalogueSearchEngine(version, rows as EngineRow[], ingredientsOf, popularity);
}

interface IndexState {
  version: string;
  index: CatalogueSearchEngine | null;
  /** The build under way, if any. */
  building: Promise<CatalogueSearchEngine> | null;
  /** When popularity was last read (ms since the epoch), and whether a re-read is under way. */
  popularityAt: number;
  refreshing: boolean;
}

const states = new WeakMap<object, IndexState>();

function stateFor(db: Kysely<Database>, version: string): IndexState {
  let state = states.get(db);
  if (!state || state.version !== version) {
    state = { version, index: null, building: null, popularityAt: 0, refreshing: false };
    states.set(db, state);
  }
  return state;
}

/** Starts (once) the build for the state's version; a failed build (database briefly away) is retried by the next call. */
function startBuild(db: Kysely<Database>, state: IndexState): Promise<CatalogueSearchEngine> {
  state.building ??= buildSearchIndex(db, state.version)
    .then((index) => {
      state.index = index;
      state.popularityAt = Date.now();
      return index;
    })
    .finally(() => {
      state.building = null;
    });
  return state.building;
}

function refreshPopularity(db: Kysely<Database>, state: IndexState, now: number): void {
  if (state.refreshing || !state.index || now - state.popularityAt < POPULARITY_REFRESH_MS) return;
  state.refreshing = true;
  const index = state.index;
  readPopularity(db).then(
    (popularity) => {
      index.setPopularity(popularity);
      state.popularityAt = Date.now();
      state.refreshing = false;
    },
    () => {
      state.refreshing = false;
    },
  );
}

/**
 * The search engine of `db` for `version`: returned at once when built; otherwise a build starts in the background (once
 * per version) and null is returned (PostgreSQL then answers in the database meanwhile).
 */
export function searchIndexFor(db: Kysely<Database>, version: string, now = Date.now()): CatalogueSearchEngine | null {
  const state = stateFor(db, version);
  if (state.index) {
    refreshPopularity(db, state, now);
    return state.index;
  }
  startBuild(db, state).catch(() => {
    // Reported to the caller that waits (ensureSearchIndex); here the database answers meanwhile.
  });
  return null;
}

/**
 * Builds (or waits for) the search engine of `db` for `version`. main.ts calls it before listening so the first searches
 * are fast; SQLite's searches wait for it (they have no database path); tests call it to pin the in-memory path.
 * @throws the database's error when the catalogue cannot be read.
 */
export async function ensureSearchIndex(db: Kysely<Database>, version: string): Promise<CatalogueSearchEngine> {
  const state = stateFor(db, version);
  return state.index ?? (await startBuild(db, state));
}

/** Forgets the engine of `db` (after a write in this process). */
export function forgetSearchIndex(db: Kysely<Database>): void {
  states.delete(db);
}
