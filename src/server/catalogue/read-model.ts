import type { Kysely } from 'kysely';
import type { CardIngredient, CocktailDetail, CocktailSummary, IngredientLine } from '@/shared/schemas/cocktail';
import type { Database } from '../db/types';
import { LruCache } from '../lib/lru-cache';
import { getCatalogueVersion } from './catalogue-version';

/**
 * Reading cocktails out of the tables into the API shapes (src/shared/schemas/cocktail.ts): JSON list columns parsed, 0/1
 * flags turned into booleans, recipe lines joined with their ingredient's name, ABV and category. Ingredients are read by
 * ingredient-catalogue.ts.
 */

/** Columns of `cocktail` that a list item carries. */
export const SUMMARY_COLUMNS = [
  'cocktail.id',
  'cocktail.slug',
  'cocktail.name',
  'cocktail.base_spirit',
  'cocktail.category',
  'cocktail.description',
  'cocktail.difficulty_level',
  'cocktail.strength',
  'cocktail.glassware',
  'cocktail.technique',
  'cocktail.garnish',
  'cocktail.preparation_time',
  'cocktail.flavor_profile',
  'cocktail.seasonal_tags',
  'cocktail.occasion_tags',
  'cocktail.is_signature',
  'cocktail.image_url',
] as const;

/** A `cocktail` row as selected with {@link SUMMARY_COLUMNS}. */
export interface SummaryRow {
  id: number;
  slug: string;
  name: string;
  base_spirit: string;
  category: string | null;
  description: string;
  difficulty_level: string;
  strength: string;
  glassware: string;
  technique: string;
  garnish: string;
  preparation_time: number;
  flavor_profile: string;
  seasonal_tags: string;
  occasion_tags: string;
  is_signature: number;
  image_url: string | null;
}

/**
 * Parses a JSON list column (flavor_profile, seasonal_tags, occasion_tags, aliases): its strings, in order; anything that
 * is not a JSON array of strings gives [] (never throws: the columns are written by the seeder, read many times).
 */
export function parseStringList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function toNumber(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

/** Maps a row and its card items to a list item. The vocabulary columns are trusted: only the seeder writes them. */
export function toSummary(row: SummaryRow, ingredients: CardIngredient[]): CocktailSummary {
  return {
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    base_spirit: row.base_spirit as CocktailSummary['base_spirit'],
    category: row.category as CocktailSummary['category'],
    description: row.description,
    difficulty_level: row.difficulty_level as CocktailSummary['difficulty_level'],
    strength: row.strength as CocktailSummary['strength'],
    glassware: row.glassware as CocktailSummary['glassware'],
    technique: row.technique as CocktailSummary['technique'],
    garnish: row.garnish,
    preparation_time: Number(row.preparation_time),
    flavor_profile: parseStringList(row.flavor_profile),
    seasonal_tags: parseStringList(row.seasonal_tags),
    occasion_tags: parseStringList(row.occasion_tags),
    is_signature: Number(row.is_signature) === 1,
    image_url: row.image_url,
    ingredients,
  };
}

/**
 * Loads the card items (amount, unit, ingredient name) of the given cocktails in one query.
 * @returns a map from cocktail id to its items in position order; cocktails without lines map to nothing.
 */
export async function loadCardIngredients(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, CardIngredient[]>> {
  const byCocktail = new Map<number, CardIngredient[]>();
  if (ids.length === 0) return byCocktail;
  const rows = await db
    .selectFrom('cocktail_ingredient')
    .innerJoin('ingredient', 'ingredient.id', 'cocktail_ingredient.ingredient_id')
    .select([
      'cocktail_ingredient.cocktail_id',
      'cocktail_ingredient.amount',
      'cocktail_ingredient.unit',
      'ingredient.name as ingredient',
    ])
    .where('cocktail_ingredient.cocktail_id', 'in', ids)
    .orderBy('cocktail_ingredient.cocktail_id')
    .orderBy('cocktail_ingredient.position')
    .execute();
  for (const row of rows) {
    const id = Number(row.cocktail_id);
    let items = byCocktail.get(id);
    if (!items) byCocktail.set(id, (items = []));
    items.push({ amount: toNumber(row.amount), unit: row.unit, ingredient: row.ingredient });
  }
  return byCocktail;
}

/** Maps rows to list items with their card items, keeping the rows' order. */
export async function toSummaries(db: Kysely<Database>, rows: readonly SummaryRow[]): Promise<CocktailSummary[]> {
  const lines = await loadCardIngredients(
    db,
    rows.map((row) => Number(row.id)),
  );
  return rows.map((row) => toSummary(row, lines.get(Number(row.id)) ?? []));
}

/** List items kept in memory per database client: at most this many (each about 1 kB of JSON text). */
export const SUMMARY_CACHE_ENTRIES = 120_000;
/** Most bytes of list items kept per database client (128 MB; JSON text counted at 1 byte per character). */
export const SUMMARY_CACHE_BYTES = 128 * 1024 * 1024;

const summaryCaches = new WeakMap<object, LruCache<string, string>>();

function summaryCacheFor(db: Kysely<Database>): LruCache<string, string> {
  let cache = summaryCaches.get(db);
  if (!cache) {
    summaryCaches.set(
      db,
      (cache = new LruCache(SUMMARY_CACHE_ENTRIES, SUMMARY_CACHE_BYTES, (json) => json.length + 64)),
    );
  }
  return cache;
}

/**
 * The list items of the given public cocktails as JSON text (one CocktailSummary each), in the order of `ids`; unknown
 * ids are left out. Items are kept serialised in memory per catalogue version (an LRU of {@link SUMMARY_CACHE_ENTRIES}):
 * a page of search results whose items were shown before needs no database round trip and no serialisation, so under
 * load the work per query stays in memory. A catalogue change makes a new version, so no item is served stale past the
 * version's recheck.
 * @throws the database's error when items must be read and cannot be.
 */
export async function loadSummaryJsonByIds(db: Kysely<Database>, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const version = await getCatalogueVersion(db);
  const cache = summaryCacheFor(db);
  const found = new Map<number, string>();
  const missing: number[] = [];
  for (const id of ids) {
    const hit = cache.get(`${version}:${id}`);
    if (hit !== undefined) found.set(id, hit);
    else missing.push(id);
  }
  if (missing.length > 0) {
    const rows = (await db
      .selectFrom('cocktail')
      .select(SUMMARY_COLUMNS)
      .where('cocktail.id', 'in', missing)
      .where('cocktail.venue_id', 'is', null)
      .where('cocktail.owner_id', 'is', null)
      .execute()) as SummaryRow[];
    for (const summary of await toSummaries(db, rows)) {
      const json = JSON.stringify(summary);
      found.set(summary.id, json);
      cache.set(`${version}:${summary.id}`, json);
    }
  }
  const out: string[] = [];
  for (const id of ids) {
    const json = found.get(id);
    if (json !== undefined) out.push(json);
  }
  return out;
}

/** Cocktails read per query while the list-item memory is filled at boot. */
const WARM_CHUNK = 1000;

/**
 * Fills the list-item memory with every public cocktail (up to {@link SUMMARY_CACHE_ENTRIES}, in id order), so the first
 * searches after boot read nothing from the database: at 100,000 cocktails about 100 MB of JSON text, the memory the
 * cache is sized for anyway.
 * @returns the number of items now in memory.
 * @throws the database's error.
 */
export async function warmSummaries(db: Kysely<Database>): Promise<number> {
  const rows = await db
    .selectFrom('cocktail')
    .select('id')
    .where('venue_id', 'is', null)
    .where('owner_id', 'is', null)
    .orderBy('id')
    .limit(SUMMARY_CACHE_ENTRIES)
    .execute();
  const ids = rows.map((row) => Number(row.id));
  for (let start = 0; start < ids.length; start += WARM_CHUNK) {
    await loadSummaryJsonByIds(db, ids.slice(start, start + WARM_CHUNK));
  }
  return ids.length;
}

/**
 * Loads the list items of the given public cocktails, in the order of `ids` (unknown ids are left out), from the same
 * memory as {@link loadSummaryJsonByIds}.
 * @throws the database's error when items must be read and cannot be.
 */
export async function loadSummariesByIds(db: Kysely<Database>, ids: readonly number[]): Promise<CocktailSummary[]> {
  return (await loadSummaryJsonByIds(db, ids)).map((json) => JSON.parse(json) as CocktailSummary);
}

/** A recipe as stored: its detail, the venue it belongs to (null: the public catalogue) and its photo column (JSON). */
export interface StoredRecipe {
  detail: CocktailDetail;
  venueId: string | null;
  /** The user whose own recipe it is, or null. */
  ownerId: string | null;
  /** An own recipe's share-link slug while sharing is on, or null. */
  shareSlug: string | null;
  photo: string | null;
}

/**
 * Loads cocktails with their full recipes in two queries (rows, then every line of them), whatever their number.
 * @param ids the cocktails wanted; ids that are unknown, or belong to a venue other than `venueId` or a user other than
 *   `ownerId`, are left out.
 * @param scope.venueId also admit the recipes of this venue (its organization id); `scope.ownerId` the own recipes of
 *   this user; without either, public cocktails only.
 * @returns a map from cocktail id to its stored recipe, lines in position order; `served_over_ice` is true or false as
 *   stored, or null when the row does not say (venue recipes, rows from before migration 0016).
 */
export async function loadCocktailDetails(
  db: Kysely<Database>,
  ids: readonly number[],
  { venueId, ownerId }: { venueId?: string; ownerId?: string } = {},
): Promise<Map<number, StoredRecipe>> {
  const found = new Map<number, StoredRecipe>();
  if (ids.length === 0) return found;
  const rows = await db
    .selectFrom('cocktail')
    .select([
      ...SUMMARY_COLUMNS,
      'cocktail.served_over_ice',
      'cocktail.instructions',
      'cocktail.venue_id',
      'cocktail.owner_id',
      'cocktail.share_slug',
      'cocktail.photo',
      'cocktail.source_name',
      'cocktail.source_licence',
      'cocktail.source_url',
    ])
    .where('cocktail.id', 'in', [...new Set(ids)])
    .where((eb) => {
      const isPublic = eb.and([eb('cocktail.venue_id', 'is', null), eb('cocktail.owner_id', 'is', null)]);
      const scopes = [isPublic];
      if (venueId !== undefined) scopes.push(eb('cocktail.venue_id', '=', venueId));
      if (ownerId !== undefined) scopes.push(eb('cocktail.owner_id', '=', ownerId));
      return eb.or(scopes);
    })
    .execute();
  if (rows.length === 0) return found;
  const lineRows = await db
    .selectFrom('cocktail_ingredient')
    .innerJoin('ingredient', 'ingredient.id', 'cocktail_ingredient.ingredient_id')
    .select([
      'cocktail_ingredient.cocktail_id',
      'cocktail_ingredient.position',
      'cocktail_ingredient.ingredient_id',
      'ingredient.name as ingredient',
      'cocktail_ingredient.amount',
      'cocktail_ingredient.amount_max',
      'cocktail_ingredient.unit',
      'cocktail_ingredient.is_optional',
      'cocktail_ingredient.note',
      'ingredient.abv',
      'ingredient.category',
    ])
    .where(
      'cocktail_ingredient.cocktail_id',
      'in',
      rows.map((row) => Number(row.id)),
    )
    .orderBy('cocktail_ingredient.cocktail_id')
    .orderBy('cocktail_ingredient.position')
    .execute();
  const linesOf = new Map<number, IngredientLine[]>();
  for (const line of lineRows) {
    const cocktailId = Number(line.cocktail_id);
    let list = linesOf.get(cocktailId);
    if (!list) linesOf.set(cocktailId, (list = []));
    list.push({
      position: Number(line.position),
      ingredient_id: Number(line.ingredient_id),
      ingredient: line.ingredient,
      amount: toNumber(line.amount),
      amount_max: toNumber(line.amount_max),
      unit: line.unit,
      is_optional: Number(line.is_optional) === 1,
      note: line.note,
      abv: Number(line.abv),
      category: line.category,
    });
  }
  for (const row of rows) {
    const id = Number(row.id);
    const { ingredients: _cards, ...summary } = toSummary(row, []);
    found.set(id, {
      detail: {
        ...summary,
        served_over_ice: row.served_over_ice === null ? null : Number(row.served_over_ice) === 1,
        instructions: row.instructions,
        ingredients: linesOf.get(id) ?? [],
        source:
          row.source_name === null ? null : { name: row.source_name, licence: row.source_licence, url: row.source_url },
      },
      venueId: row.venue_id,
      ownerId: row.owner_id,
      shareSlug: row.share_slug,
      photo: row.photo,
    });
  }
  return found;
}

/**
 * Loads one public cocktail with its full recipe.
 * @returns the detail, or null when no public cocktail has this id.
 */
export async function loadCocktailDetail(db: Kysely<Database>, id: number): Promise<CocktailDetail | null> {
  return (await loadCocktailDetails(db, [id])).get(id)?.detail ?? null;
}
