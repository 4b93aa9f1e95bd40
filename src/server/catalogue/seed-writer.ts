import { createHash } from 'node:crypto';
import { sql, type Insertable, type Kysely } from 'kysely';
import { recipeStrength, type Strength } from '@/shared/domain/catalogue-rules';
import type { SeedCocktail, SeedIngredient } from '@/shared/schemas/seed';
import { dialectOf, type Dialect } from '../db/database';
import type { CocktailTable, Database } from '../db/types';
import { bumpCatalogueVersion } from './catalogue-version';
import { writeSearchTerms } from './search/search-vocabulary';
import { buildSearchKeys } from './search/search-text';

/** A seed catalogue: ingredients and cocktails, cross-referenced by slug. */
export interface SeedCatalogue {
  ingredients: readonly SeedIngredient[];
  cocktails: readonly SeedCocktail[];
}

/** What a seeding run did. Counts are rows; `unchanged` cocktails were already identical (lines are always rewritten). */
export interface SeedResult {
  skipped: boolean;
  /** Content hash of the seed (hex sha256), stored as `catalogue_meta.seed_hash`. */
  hash: string;
  ingredients: { inserted: number; updated: number };
  cocktails: { inserted: number; updated: number; unchanged: number };
  /** Recipe lines written. */
  lines: number;
}

/** Thrown when a seed is inconsistent (duplicate slugs, unknown ingredient or parent references). */
export class SeedError extends Error {
  override name = 'SeedError';
}

/**
 * Version of the way a seed is turned into rows (search keys, the strength band and so on). Part of the content hash, so
 * changing the derivation re-seeds existing databases once. Format 2: strength derived from the computed ABV. Format 3:
 * ingredient aliases and parts, and recipe-line substitutes, are written (My Bar). Format 4: search keys and the
 * vocabulary (`search_term`) split letters from digits ('french75' is 'french 75'), so every stored key is rebuilt.
 */
const SEED_FORMAT = 'seed-format-4';

/** Rows per multi-row statement: well under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const CHUNK = 500;

/** Content hash of a seed: sha256 (hex) of its JSON plus {@link SEED_FORMAT}. */
export function hashSeed(seed: SeedCatalogue): string {
  return createHash('sha256').update(SEED_FORMAT).update(JSON.stringify(seed)).digest('hex');
}

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Checks the seed's cross-references: unique slugs; parents, parts and substitutes that name seed ingredients (a part never
 * the ingredient itself; a variant always has a parent); recipe lines that name seed ingredients.
 * @throws SeedError naming the first problems found.
 */
export function checkSeed(seed: SeedCatalogue): void {
  const problems: string[] = [];
  const ingredientSlugs = new Set<string>();
  for (const ingredient of seed.ingredients) {
    if (ingredientSlugs.has(ingredient.slug)) problems.push(`ingredient ${ingredient.slug} appears twice`);
    ingredientSlugs.add(ingredient.slug);
  }
  for (const ingredient of seed.ingredients) {
    if (ingredient.parent !== null && !ingredientSlugs.has(ingredient.parent)) {
      problems.push(`ingredient ${ingredient.slug} has unknown parent ${ingredient.parent}`);
    }
    if (ingredient.parent === ingredient.slug) problems.push(`ingredient ${ingredient.slug} is its own parent`);
    if (ingredient.variant && ingredient.parent === null) {
      problems.push(`ingredient ${ingredient.slug} is a variant without a parent`);
    }
    for (const part of ingredient.parts ?? []) {
      if (part === ingredient.slug) problems.push(`ingredient ${ingredient.slug} is its own part`);
      else if (!ingredientSlugs.has(part)) problems.push(`ingredient ${ingredient.slug} has unknown part ${part}`);
    }
  }
  const cocktailSlugs = new Set<string>();
  for (const cocktail of seed.cocktails) {
    if (cocktailSlugs.has(cocktail.slug)) problems.push(`cocktail ${cocktail.slug} appears twice`);
    cocktailSlugs.add(cocktail.slug);
    for (const line of cocktail.ingredients) {
      if (!ingredientSlugs.has(line.ingredient))
        problems.push(`cocktail ${cocktail.slug} uses unknown ingredient ${line.ingredient}`);
      for (const substitute of line.substitutes ?? []) {
        if (!ingredientSlugs.has(substitute))
          problems.push(`cocktail ${cocktail.slug} names unknown substitute ${substitute}`);
      }
    }
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, 10).join('; ');
    throw new SeedError(
      `seed is inconsistent: ${shown}${problems.length > 10 ? ` (and ${problems.length - 10} more)` : ''}`,
    );
  }
}

/** The cocktail columns a seed sets, in one fixed order (used by the batch update). */
const SEEDED_COLUMNS = [
  ['name', 'text'],
  ['base_spirit', 'text'],
  ['category', 'text'],
  ['description', 'text'],
  ['instructions', 'text'],
  ['difficulty_level', 'text'],
  ['strength', 'text'],
  ['glassware', 'text'],
  ['served_over_ice', 'integer'],
  ['technique', 'text'],
  ['garnish', 'text'],
  ['preparation_time', 'integer'],
  ['flavor_profile', 'text'],
  ['seasonal_tags', 'text'],
  ['occasion_tags', 'text'],
  ['is_signature', 'integer'],
  ['name_key', 'text'],
  ['search_text', 'text'],
  ['description_key', 'text'],
] as const;

type SeededColumn = (typeof SEEDED_COLUMNS)[number][0];
type CocktailValues = Required<Pick<Insertable<CocktailTable>, 'slug' | SeededColumn>>;

/**
 * The strength band stored for a seed cocktail: the band of the final ABV (%) computed from its recipe, never a value written
 * in the seed. Counts the lines as the recipe view does (optional lines left out; each ingredient's ABV in %, its name so that
 * eggs, rinses and solid sugar get their volume) with the technique's default dilution; see `recipeStrength` in
 * shared/domain/catalogue-rules.ts and DOMAIN.md "Alcohol maths".
 * @param ingredients the seed's ingredients by slug.
 * @throws SeedError when a line names an ingredient that is not in `ingredients`.
 */
export function seedStrength(cocktail: SeedCocktail, ingredients: ReadonlyMap<string, SeedIngredient>): Strength {
  const lines = cocktail.ingredients
    .filter((line) => !line.optional)
    .map((line) => {
      const ingredient = ingredients.get(line.ingredient);
      if (!ingredient) throw new SeedError(`cocktail ${cocktail.slug} uses unknown ingredient ${line.ingredient}`);
      return { amount: line.amount, unit: line.unit, abv: ingredient.abv, ingredient: ingredient.name };
    });
  return recipeStrength(lines, cocktail.technique).strength;
}

function cocktailValues(cocktail: SeedCocktail, ingredients: ReadonlyMap<string, SeedIngredient>): CocktailValues {
  const names = cocktail.ingredients.map((line) => ingredients.get(line.ingredient)?.name ?? line.ingredient);
  return {
    slug: cocktail.slug,
    name: cocktail.name,
    base_spirit: cocktail.base_spirit,
    category: cocktail.category,
    description: cocktail.description,
    instructions: cocktail.instructions,
    difficulty_level: cocktail.difficulty_level,
    strength: seedStrength(cocktail, ingredients),
    glassware: cocktail.glassware,
    served_over_ice: cocktail.served_over_ice ? 1 : 0,
    technique: cocktail.technique,
    garnish: cocktail.garnish,
    preparation_time: cocktail.preparation_time,
    flavor_profile: JSON.stringify(cocktail.flavor_profile),
    seasonal_tags: JSON.stringify(cocktail.seasonal_tags),
    occasion_tags: JSON.stringify(cocktail.occasion_tags),
    is_signature: cocktail.is_signature ? 1 : 0,
    ...buildSearchKeys(cocktail, names),
  };
}

/**
 * Updates existing cocktails (matched by slug) from a batch of values in one statement, touching only rows whose content
 * differs. The batch travels as one JSON parameter (json_each on SQLite, json_to_recordset on PostgreSQL).
 * @returns how many rows changed.
 */
async function updateCocktails(trx: Kysely<Database>, dialect: Dialect, batch: CocktailValues[]): Promise<number> {
  const json = JSON.stringify(batch);
  const columns = SEEDED_COLUMNS.map(([name]) => name);
  const set = sql.join(columns.map((name) => sql`${sql.id(name)} = v.${sql.id(name)}`));
  const current = sql.join(columns.map((name) => sql`cocktail.${sql.id(name)}`));
  const incoming = sql.join(columns.map((name) => sql`v.${sql.id(name)}`));
  if (dialect === 'postgres') {
    const shape = sql.join([
      sql`slug text`,
      ...SEEDED_COLUMNS.map(([name, type]) => sql`${sql.id(name)} ${sql.raw(type)}`),
    ]);
    const result = await sql<{ id: number }>`
      update cocktail set ${set}, updated_at = now()
      from json_to_recordset(${json}::json) as v(${shape})
      where cocktail.slug = v.slug and (${current}) is distinct from (${incoming})
      returning cocktail.id`.execute(trx);
    return result.rows.length;
  }
  const extract = sql.join([
    sql`value ->> 'slug' as slug`,
    ...columns.map((name) => sql`value ->> ${name} as ${sql.id(name)}`),
  ]);
  const result = await sql<{ id: number }>`
    update cocktail set ${set}, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
    from (select ${extract} from json_each(${json})) as v
    where cocktail.slug = v.slug and (${current}) is not (${incoming})
    returning cocktail.id`.execute(trx);
  return result.rows.length;
}

/** The `aliases` column of a seed ingredient: a JSON array of its aliases ('[]' without any). */
function aliasesJson(ingredient: SeedIngredient): string {
  return JSON.stringify(ingredient.aliases ?? []);
}

/**
 * Replaces the parts of every seeded ingredient (house-made ones list theirs; the others end up with none), so a part
 * dropped from the seed goes from the database too.
 * @returns parts written.
 */
async function writeParts(
  trx: Kysely<Database>,
  seed: SeedCatalogue,
  ids: ReadonlyMap<string, number>,
): Promise<number> {
  const seeded = seed.ingredients.map((ingredient) => ids.get(ingredient.slug) as number);
  for (const batch of chunks(seeded, 1000)) {
    await trx.deleteFrom('ingredient_part').where('ingredient_id', 'in', batch).execute();
  }
  const rows = seed.ingredients.flatMap((ingredient) =>
    (ingredient.parts ?? []).map((part) => ({
      ingredient_id: ids.get(ingredient.slug) as number,
      part_id: ids.get(part) as number,
    })),
  );
  for (const batch of chunks(rows)) await trx.insertInto('ingredient_part').values(batch).execute();
  return rows.length;
}

async function writeIngredients(
  trx: Kysely<Database>,
  seed: SeedCatalogue,
): Promise<{ ids: Map<string, number>; inserted: number; updated: number }> {
  const existing = await trx
    .selectFrom('ingredient')
    .select(['id', 'slug', 'name', 'category', 'abv', 'description', 'parent_id', 'aliases', 'is_variant'])
    .execute();
  const bySlug = new Map(existing.map((row) => [row.slug, row]));
  const ids = new Map(existing.map((row) => [row.slug, Number(row.id)]));
  let inserted = 0;
  let updated = 0;
  const fresh = seed.ingredients.filter((ingredient) => !bySlug.has(ingredient.slug));
  for (const batch of chunks(fresh)) {
    const rows = await trx
      .insertInto('ingredient')
      .values(
        batch.map((i) => ({
          slug: i.slug,
          name: i.name,
          category: i.category,
          abv: i.abv,
          description: i.description,
          parent_id: null,
          aliases: aliasesJson(i),
          is_variant: i.variant ? 1 : 0,
        })),
      )
      .returning(['id', 'slug'])
      .execute();
    for (const row of rows) ids.set(row.slug, Number(row.id));
    inserted += rows.length;
  }
  for (const ingredient of seed.ingredients) {
    const row = bySlug.get(ingredient.slug);
    const parentId = ingredient.parent === null ? null : (ids.get(ingredient.parent) ?? null);
    if (!row) {
      if (parentId !== null) {
        await trx.updateTable('ingredient').set({ parent_id: parentId }).where('slug', '=', ingredient.slug).execute();
      }
      continue;
    }
    const same =
      row.name === ingredient.name &&
      row.category === ingredient.category &&
      Number(row.abv) === ingredient.abv &&
      row.description === ingredient.description &&
      row.aliases === aliasesJson(ingredient) &&
      Number(row.is_variant) === (ingredient.variant ? 1 : 0) &&
      (row.parent_id === null ? null : Number(row.parent_id)) === parentId;
    if (same) continue;
    await trx
      .updateTable('ingredient')
      .set({
        name: ingredient.name,
        category: ingredient.category,
        abv: ingredient.abv,
        description: ingredient.description,
        parent_id: parentId,
        aliases: aliasesJson(ingredient),
        is_variant: ingredient.variant ? 1 : 0,
      })
      .where('id', '=', row.id)
      .execute();
    updated += 1;
  }
  return { ids, inserted, updated };
}

/**
 * Writes a seed into the catalogue in one transaction: upserts ingredients (with their aliases) and cocktails by slug (ids
 * stay stable), links ingredient parents, replaces every seeded ingredient's parts and every seeded cocktail's recipe lines
 * and line substitutes, recomputes search keys (and the vocabulary, `search_term`) and each cocktail's strength band (from its computed ABV,
 * {@link seedStrength}), stores the seed hash and a new catalogue version. Cocktails or ingredients absent from the seed
 * are left in place (favorites and bars may point at them).
 * @throws SeedError when the seed is inconsistent; database errors as thrown by the driver (nothing is written then).
 */
export async function writeSeed(
  db: Kysely<Database>,
  seed: SeedCatalogue,
  hash: string,
): Promise<Omit<SeedResult, 'skipped'>> {
  checkSeed(seed);
  const dialect = dialectOf(db);
  return db.transaction().execute(async (trx) => {
    const ingredients = await writeIngredients(trx, seed);
    const ingredientsBySlug = new Map(seed.ingredients.map((ingredient) => [ingredient.slug, ingredient]));

    const existing = await trx.selectFrom('cocktail').select(['id', 'slug']).execute();
    const cocktailIds = new Map(existing.map((row) => [row.slug, Number(row.id)]));
    const values = seed.cocktails.map((cocktail) => cocktailValues(cocktail, ingredientsBySlug));
    const fresh = values.filter((row) => !cocktailIds.has(row.slug));
    const known = values.filter((row) => cocktailIds.has(row.slug));

    let updated = 0;
    for (const batch of chunks(known, 1000)) updated += await updateCocktails(trx, dialect, batch);
    for (const batch of chunks(fresh)) {
      const rows = await trx.insertInto('cocktail').values(batch).returning(['id', 'slug']).execute();
      for (const row of rows) cocktailIds.set(row.slug, Number(row.id));
    }

    await writeParts(trx, seed, ingredients.ids);

    const knownIds = known.map((row) => cocktailIds.get(row.slug) as number);
    for (const batch of chunks(knownIds, 1000)) {
      await trx.deleteFrom('cocktail_ingredient_substitute').where('cocktail_id', 'in', batch).execute();
      await trx.deleteFrom('cocktail_ingredient').where('cocktail_id', 'in', batch).execute();
    }
    const lines = seed.cocktails.flatMap((cocktail) =>
      cocktail.ingredients.map((line, position) => ({
        cocktail_id: cocktailIds.get(cocktail.slug) as number,
        position,
        ingredient_id: ingredients.ids.get(line.ingredient) as number,
        amount: line.amount,
        amount_max: line.amount_max ?? null,
        unit: line.unit,
        is_optional: line.optional ? 1 : 0,
        note: line.note ?? null,
      })),
    );
    for (const batch of chunks(lines, 1000)) await trx.insertInto('cocktail_ingredient').values(batch).execute();
    const substitutes = seed.cocktails.flatMap((cocktail) =>
      cocktail.ingredients.flatMap((line, position) =>
        (line.substitutes ?? []).map((slug) => ({
          cocktail_id: cocktailIds.get(cocktail.slug) as number,
          position,
          ingredient_id: ingredients.ids.get(slug) as number,
        })),
      ),
    );
    for (const batch of chunks(substitutes)) {
      await trx.insertInto('cocktail_ingredient_substitute').values(batch).execute();
    }

    await trx
      .insertInto('catalogue_meta')
      .values({ key: 'seed_hash', value: hash })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: hash }))
      .execute();
    await writeSearchTerms(trx);
    await bumpCatalogueVersion(trx);
    return {
      hash,
      ingredients: { inserted: ingredients.inserted, updated: ingredients.updated },
      cocktails: { inserted: fresh.length, updated, unchanged: known.length - updated },
      lines: lines.length,
    };
  });
}

/** The hash of the seed last written, or null when the catalogue was never seeded. */
export async function readSeedHash(db: Kysely<Database>): Promise<string | null> {
  const row = await db.selectFrom('catalogue_meta').select('value').where('key', '=', 'seed_hash').executeTakeFirst();
  return row?.value ?? null;
}
