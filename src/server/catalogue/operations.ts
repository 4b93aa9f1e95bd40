import { sql, type Kysely } from 'kysely';
import type { CocktailDetail, CocktailSummary } from '@/shared/schemas/cocktail';
import type { IngredientList, IngredientListQuery } from '@/shared/schemas/ingredient';
import { dialectOf } from '../db/database';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { forgetCatalogueVersion, getCatalogueVersion } from './catalogue-version';
import { getIngredientCatalogue, searchIngredients } from './ingredient-catalogue';
import { SUMMARY_COLUMNS, loadCocktailDetail, toSummaries, warmSummaries, type SummaryRow } from './read-model';
import { ensureSearchIndex, forgetSearchIndex } from './search/search-index';
import { hashSeed, readSeedHash, writeSeed, type SeedCatalogue, type SeedResult } from './seed-writer';

export type { SeedCatalogue, SeedResult } from './seed-writer';

/**
 * Catalogue use cases besides the cocktail list (list-operations.ts): a random sample, one cocktail, the ingredient
 * list, seeding and warming. No HTTP here: each takes one options object and returns data or throws AppError.
 */

function pickRandomIds(count: number, maxId: number, exclude: ReadonlySet<number>): number[] {
  const free = maxId - exclude.size;
  if (free <= 0) return [];
  if (count >= free) {
    const all: number[] = [];
    for (let id = 1; id <= maxId; id += 1) if (!exclude.has(id)) all.push(id);
    return all;
  }
  const picked = new Set<number>();
  while (picked.size < count) {
    const id = 1 + Math.floor(Math.random() * maxId);
    if (!exclude.has(id)) picked.add(id);
  }
  return [...picked];
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/**
 * A random sample of the public catalogue, as anonymous browsing does it (docs/product.md, Roles and plans): read the highest id, pick distinct
 * random ids between 1 and it, fetch those that exist, shuffle. Ids can have gaps, so a second round draws more ids
 * (four times the shortfall, never one already tried) to top the sample up.
 *
 * @param size wanted items, 1–50.
 * @returns up to `size` distinct cocktails in random order (fewer only when the catalogue is small or very sparse).
 */
export async function sampleCocktails({
  db,
  size,
}: {
  db: Kysely<Database>;
  size: number;
}): Promise<{ items: CocktailSummary[] }> {
  const top = await db
    .selectFrom('cocktail')
    .select('id')
    .where('venue_id', 'is', null)
    .where('owner_id', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!top) return { items: [] };
  const maxId = Number(top.id);
  const tried = new Set<number>();
  const found: SummaryRow[] = [];
  for (const factor of [1, 4]) {
    const wanted = (size - found.length) * factor;
    if (wanted <= 0) break;
    const ids = pickRandomIds(wanted, maxId, tried);
    if (ids.length === 0) break;
    for (const id of ids) tried.add(id);
    const rows = (await db
      .selectFrom('cocktail')
      .select(SUMMARY_COLUMNS)
      .where('cocktail.id', 'in', ids)
      .where('cocktail.venue_id', 'is', null)
      .where('cocktail.owner_id', 'is', null)
      .execute()) as SummaryRow[];
    found.push(...rows);
  }
  const chosen = shuffle(found).slice(0, size);
  return { items: await toSummaries(db, chosen) };
}

/**
 * One public cocktail with its full recipe (every line with its ingredient's name, ABV and category).
 * @throws AppError NOT_FOUND when no public cocktail has this id.
 */
export async function getCocktail({ db, id }: { db: Kysely<Database>; id: number }): Promise<CocktailDetail> {
  const detail = await loadCocktailDetail(db, id);
  if (!detail) throw new AppError('NOT_FOUND', `cocktail ${id} not found`);
  return detail;
}

/**
 * One public catalogue cocktail by its slug (the address of its page, `/cocktails/<slug>`): the same detail as
 * {@link getCocktail}. Venue signatures and own recipes have no public page, so their slugs are not found.
 * @throws AppError NOT_FOUND when no public cocktail has this slug; the database's error when it cannot be read.
 */
export async function getCocktailBySlug({ db, slug }: { db: Kysely<Database>; slug: string }): Promise<CocktailDetail> {
  const row = await db
    .selectFrom('cocktail')
    .select('id')
    .where('slug', '=', slug)
    .where('venue_id', 'is', null)
    .where('owner_id', 'is', null)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', `no cocktail is called '${slug}'`);
  return getCocktail({ db, id: row.id });
}

/**
 * The public catalogue's ingredients (ingredients have no venue scope) for a type-ahead or a category shelf, from memory
 * (read once per catalogue version).
 * - `q`: every word begins a word of the name or of one alias, in any order, case- and accent-insensitively ('bour'
 *   finds Bourbon, 'tequila blanco' Blanco tequila, 'club soda' Soda water); names beginning with it come first, then
 *   other name matches, then alias matches. Empty: every ingredient.
 * - `category` keeps one category.
 * Order within a group: by name case- and accent-insensitively (names compare by their search key, search-text.ts
 * toSearchKey: "Cachaça" as "cachaca", in code-unit order so both databases and every locale agree), equal keys by id.
 * @returns `{items, total}` (ingredientListSchema); `total` is the number of items; empty for an empty catalogue.
 * @throws the database's error when the ingredients must be read and cannot be.
 */
export async function listIngredients({
  db,
  query = { q: '' },
}: {
  db: Kysely<Database>;
  query?: IngredientListQuery;
}): Promise<IngredientList> {
  const items = searchIngredients(await getIngredientCatalogue(db), query);
  return { items, total: items.length };
}

/**
 * After a large write: fresh planner statistics (the search plans rely on them); on PostgreSQL a vacuum, which also
 * flushes the GIN indexes' pending lists.
 */
async function tidyAfterSeed(db: Kysely<Database>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`vacuum analyze cocktail, cocktail_ingredient, ingredient`.execute(db);
    return;
  }
  await sql`analyze`.execute(db);
}

/**
 * Loads a seed catalogue into the database: an idempotent upsert by slug (ids stay stable), ingredient parents resolved,
 * each cocktail's lines replaced, all in one transaction. Does nothing when the seed's content hash equals the one stored
 * by the last run, unless `force`.
 * @returns what was done; `skipped` when the hash matched.
 * @throws SeedError when the seed references unknown slugs or repeats one; database errors as thrown by the driver.
 */
export async function seedCatalogue({
  db,
  seed,
  force = false,
}: {
  db: Kysely<Database>;
  seed: SeedCatalogue;
  force?: boolean;
}): Promise<SeedResult> {
  const hash = hashSeed(seed);
  if (!force && (await readSeedHash(db)) === hash) {
    return {
      skipped: true,
      hash,
      ingredients: { inserted: 0, updated: 0 },
      cocktails: { inserted: 0, updated: 0, unchanged: 0 },
      lines: 0,
    };
  }
  const result = await writeSeed(db, seed, hash);
  await tidyAfterSeed(db);
  forgetCatalogueVersion(db);
  forgetSearchIndex(db);
  return { skipped: false, ...result };
}

/**
 * Prepares the catalogue for fast answers: builds the in-memory search index for the current version and fills the
 * list-item memory (read-model.ts warmSummaries), so the first searches touch the database for nothing. main.ts runs it
 * before listening. Never throws: without the index, searches run in the database; without the items, they are read
 * as pages ask for them.
 * @returns the number of cocktails indexed, or null when the index was not built (database error).
 */
export async function warmCatalogue({ db }: { db: Kysely<Database> }): Promise<number | null> {
  try {
    const index = await ensureSearchIndex(db, await getCatalogueVersion(db));
    await warmSummaries(db).catch(() => 0);
    return index.size;
  } catch {
    return null;
  }
}
