import { readFileSync } from 'node:fs';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { bumpCatalogueVersion, forgetCatalogueVersion } from '../catalogue-version';
import { loadIngredientCatalogue, type IngredientCatalogue } from '../ingredient-catalogue';
import { forgetSearchIndex } from '../search/search-index';
import { writeSearchTerms } from '../search/search-vocabulary';
import { collectHints } from './ingredient-hints';
import { ingredientNameKey, PublicIngredients } from './public-ingredients';
import { insertPublicCocktail, noteOtherSource, publicWriteOf } from './public-cocktail';
import type { RecipeReaders, SourceDraft, SourceRead } from './readers';
import { DrinkIndex, keptApartFrom, keptApartName, kindOf, kindsKey, type KnownDrink } from './recipe-identity';
import { listSourceFiles, shortSourceName, type DatasetSource, type SourceFile } from './source-files';

/**
 * Imports recipe files into the public catalogue (cocktail rows with neither owner nor venue): `npm run
 * catalogue:import -- <path>...`. Every file is read first (its format found by the recipe readers); then, in one
 * transaction, each recipe is drafted against the catalogue and is imported (with the ingredients it names that the
 * catalogue lacks, public-ingredients.ts), merged into the same drink already there (recipe-identity.ts; the source is
 * noted in cocktail_source_also, the row kept as it is: the seed and the first source win), or refused with its reason
 * (a reader's refusal, a recipe the catalogue's write refuses). A recipe whose name the catalogue holds with other
 * ingredients is imported under its dataset's name ('Moscow Mule (Bar Assistant)', then '... 2'), or merged into the
 * drink already kept under that name. Running it again with the same files changes nothing. When anything was written the vocabulary (search_term) is rebuilt and the catalogue
 * version bumped, so every cache, the search index and My Bar's match model pick the new rows up.
 * Errors: a path or file that cannot be read is reported in `unreadable` (the CLI exits 1), the rest imported; database
 * errors roll the whole import back and are thrown.
 */

/** One recipe left out, and why. */
export interface Refusal {
  file: string;
  name: string | null;
  reason: string;
}

/** A recipe imported under a new name because the catalogue holds another drink of its own. */
export interface KeptApart {
  file: string;
  /** The recipe's name in its file, and the name it was imported under. */
  from: string;
  to: string;
  /** How its ingredients differ from the drink of its name ('this one has Ginger ale; ...'). */
  difference: string;
}

/** What the import did with one dataset's files. */
export interface DatasetReport {
  source: DatasetSource;
  files: number;
  /** Recipes read, refused ones included. */
  read: number;
  /** Recipes imported, those kept under a new name (`keptApart`) included. */
  imported: number;
  keptApart: KeptApart[];
  /** Recipes merged into a drink of another source, or found already imported from this one (`already`). */
  merged: number;
  already: number;
  refused: number;
  refusals: Refusal[];
  /** Ingredient lines read, and those resolved to an ingredient the catalogue held before this import. */
  lines: number;
  resolved: number;
  /** Names of the public ingredients this import created for the dataset. */
  newIngredients: string[];
}

/** What an import did. */
export interface PublicImportResult {
  datasets: DatasetReport[];
  /** Paths and files that could not be read at all, with the reason. */
  unreadable: { path: string; reason: string }[];
  /** Files found in folders that hold no recipe (ingredient lists, schemas). */
  skipped: string[];
  /** True when anything was written (and the catalogue version bumped). */
  changed: boolean;
  /** Public cocktails in the catalogue afterwards. */
  cocktails: number;
}

/** A file read, ready to draft. */
interface ReadFile {
  file: SourceFile;
  read: SourceRead;
}

/** Reads every file; those it cannot read go to `unreadable` (named ones) or `skipped` (found in a folder). */
function readAll(files: readonly SourceFile[], readers: RecipeReaders, result: PublicImportResult) {
  const read: ReadFile[] = [];
  const bytes: Uint8Array[] = [];
  for (const file of files) {
    let content: Uint8Array;
    try {
      content = readFileSync(file.path);
    } catch (error) {
      result.unreadable.push({ path: file.path, reason: (error as Error).message });
      continue;
    }
    bytes.push(content);
    try {
      read.push({ file, read: readers.read(content) });
    } catch (error) {
      // A folder's file that holds no recipe (an ingredient list, a schema) is skipped; a named one fails the run.
      if (!file.named && readers.isUnreadable(error)) result.skipped.push(file.path);
      else result.unreadable.push({ path: file.path, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return { read, hints: collectHints(bytes) };
}

/** The public cocktails as the identity check reads them: name, required ingredient kinds, source. */
async function knownDrinks(trx: Transaction<Database>, catalogue: IngredientCatalogue): Promise<DrinkIndex> {
  const rows = await trx
    .selectFrom('cocktail')
    .select(['id', 'name', 'source_name'])
    .where('venue_id', 'is', null)
    .where('owner_id', 'is', null)
    .orderBy('id')
    .execute();
  const lines = await trx
    .selectFrom('cocktail_ingredient')
    .innerJoin('cocktail', 'cocktail.id', 'cocktail_ingredient.cocktail_id')
    .select(['cocktail_ingredient.cocktail_id', 'cocktail_ingredient.ingredient_id'])
    .where('cocktail.venue_id', 'is', null)
    .where('cocktail.owner_id', 'is', null)
    .where('cocktail_ingredient.is_optional', '=', 0)
    .execute();
  const kinds = new Map<number, number[]>();
  for (const line of lines) {
    const id = Number(line.cocktail_id);
    const list = kinds.get(id) ?? [];
    list.push(kindOf(catalogue.byId, Number(line.ingredient_id)));
    kinds.set(id, list);
  }
  const index = new DrinkIndex();
  for (const row of rows) {
    const id = Number(row.id);
    index.add({
      id,
      name: row.name,
      kinds: kindsKey(kinds.get(id) ?? []),
      sourceName: row.source_name,
      apartFrom: row.source_name === null ? null : keptApartFrom(row.name, shortSourceName(row.source_name)),
    });
  }
  return index;
}

/** An empty report for `source`. */
const reportFor = (source: DatasetSource): DatasetReport => ({
  source,
  files: 0,
  read: 0,
  imported: 0,
  keptApart: [],
  merged: 0,
  already: 0,
  refused: 0,
  refusals: [],
  lines: 0,
  resolved: 0,
  newIngredients: [],
});

/** Everything one transaction of the import shares. */
interface Run {
  trx: Transaction<Database>;
  catalogue: IngredientCatalogue;
  ingredients: PublicIngredients;
  drinks: DrinkIndex;
  slugs: Set<string>;
  changed: boolean;
}

/** Imports, merges or refuses one drafted recipe of `file`, counting it in `report`. */
async function importDraft(run: Run, draft: SourceDraft, file: SourceFile, report: DatasetReport): Promise<void> {
  const { ingredients } = run;
  const refuse = (reason: string) => {
    report.refused += 1;
    report.refusals.push({ file: file.path, name: draft.recipe.name || null, reason });
  };
  const known = draft.lines.map(
    ({ line, resolution }) =>
      resolution.ingredientId ??
      ingredients.createdFor(line.ingredient)?.id ??
      ingredients.resolveLeftover(line.ingredient),
  );
  for (const id of known) {
    report.lines += 1;
    if (id !== null && id !== undefined && !ingredients.created.has(id)) report.resolved += 1;
  }
  const kindsOf = (ids: readonly (number | null)[]) =>
    kindsKey(
      draft.lines.flatMap(({ line }, position) => {
        if (line.optional) return [];
        const id = ids[position];
        return [
          id === null || id === undefined ? `new:${ingredientNameKey(line.ingredient)}` : kindOf(ingredients.byId, id),
        ];
      }),
    );
  const kinds = kindsOf(known);
  /** How this recipe's kinds differ from `other`'s, its ingredients named. */
  const differenceFrom = (other: KnownDrink) => {
    const ours = kinds.split(',');
    const theirs = other.kinds.split(',');
    const named = (list: string[], except: string[]) =>
      list
        .filter((kind) => !except.includes(kind))
        .map((kind) =>
          kind.startsWith('new:')
            ? (draft.lines.find(({ line }) => ingredientNameKey(line.ingredient) === kind.slice(4))?.line.ingredient ??
              kind.slice(4))
            : (ingredients.byId.get(Number(kind))?.name ?? kind),
        )
        .join(', ') || 'nothing else';
    return (
      `this one has ${named(ours, theirs)}; '${other.name}' from ${other.sourceName ?? "Barback's own recipes"} ` +
      `has ${named(theirs, ours)}`
    );
  };
  let found = run.drinks.find(draft.recipe.name, kinds);
  let apart: { difference: string } | null = null;
  let named = draft;
  if (found && 'other' in found) {
    // Another drink of this name: the recipe is kept apart under its dataset's name, or is the drink kept there.
    const clash = found.other;
    apart = { difference: differenceFrom(clash) };
    const short = shortSourceName(file.source.name);
    for (let attempt = 1; found && 'other' in found; attempt += 1) {
      named = { ...draft, recipe: { ...draft.recipe, name: keptApartName(clash.name, short, attempt) } };
      found = run.drinks.find(named.recipe.name, kinds);
    }
  }
  if (found && 'same' in found) {
    report.merged += 1;
    if (found.same.sourceName === file.source.name) report.already += 1;
    else if (await noteOtherSource(run.trx, found.same.id, file.source)) run.changed = true;
    return;
  }
  const trial = publicWriteOf(named, () => 1);
  if ('problem' in trial) {
    refuse(trial.problem);
    return;
  }
  const ids: number[] = [];
  for (const [position, { line }] of draft.lines.entries()) {
    const id = known[position];
    if (id !== null && id !== undefined) ids.push(id);
    else {
      const before = ingredients.created.size;
      ids.push(await ingredients.idFor(line.ingredient, file.source.name));
      if (ingredients.created.size > before) report.newIngredients.push(ingredients.byId.get(ids.at(-1)!)!.name);
    }
  }
  const made = publicWriteOf(named, (position) => ids[position]!);
  if ('problem' in made) {
    refuse(made.problem);
    return;
  }
  // A line's alternatives the catalogue knows become its substitutes (an unknown one is left out, never created).
  const substitutes = new Map<number, number[]>();
  draft.lines.forEach(({ line }, position) => {
    const found = line.alternatives.flatMap((name) => ingredients.resolveKnown(name) ?? []);
    const others = found.filter((id) => id !== ids[position]);
    if (others.length > 0) substitutes.set(position, others);
  });
  const id = await insertPublicCocktail(run.trx, {
    write: made.write,
    catalogue: run.catalogue,
    extra: ingredients.created,
    slugs: run.slugs,
    source: file.source,
    substitutes,
  });
  run.drinks.add({
    id,
    name: made.write.name,
    kinds: kindsOf(ids),
    sourceName: file.source.name,
    apartFrom: apart && keptApartFrom(made.write.name, shortSourceName(file.source.name)),
  });
  report.imported += 1;
  if (apart) {
    report.keptApart.push({
      file: file.path,
      from: draft.recipe.name,
      to: made.write.name,
      difference: apart.difference,
    });
  }
  run.changed = true;
}

/**
 * Imports the recipes of `paths` (files or folders, source-files.ts) into the public catalogue.
 * @param override dataset fields to use instead of the ones found beside the files (name, licence, url).
 * @returns each dataset's report, the unreadable and skipped files, whether anything changed and the public count.
 * @throws the database's error (nothing is written then).
 */
export async function importPublicCatalogue({
  db,
  readers,
  paths,
  override = {},
}: {
  db: Kysely<Database>;
  readers: RecipeReaders;
  paths: readonly string[];
  override?: Partial<DatasetSource>;
}): Promise<PublicImportResult> {
  const result: PublicImportResult = { datasets: [], unreadable: [], skipped: [], changed: false, cocktails: 0 };
  const { files, missing } = listSourceFiles(paths, override);
  for (const path of missing) result.unreadable.push({ path, reason: 'no such file or folder' });
  const { read, hints } = readAll(files, readers, result);
  const reports = new Map<string, DatasetReport>();
  const reportOf = (source: DatasetSource) => {
    let report = reports.get(source.name);
    if (!report) reports.set(source.name, (report = reportFor(source)));
    return report;
  };
  for (const file of files) reportOf(file.source).files += 1;

  result.changed = await db.transaction().execute(async (trx) => {
    const catalogue = await loadIngredientCatalogue(trx);
    const [ingredientSlugs, cocktailSlugs] = await Promise.all([
      trx.selectFrom('ingredient').select('slug').execute(),
      trx.selectFrom('cocktail').select('slug').execute(),
    ]);
    const run: Run = {
      trx,
      catalogue,
      ingredients: new PublicIngredients(
        trx,
        catalogue.items,
        ingredientSlugs.map((row) => row.slug),
        hints,
      ),
      drinks: await knownDrinks(trx, catalogue),
      slugs: new Set(cocktailSlugs.map((row) => row.slug)),
      changed: false,
    };
    for (const { file, read: content } of read) {
      const report = reportOf(file.source);
      report.read += content.recipes.length + content.refusals.length;
      for (const refusal of content.refusals) {
        report.refused += 1;
        report.refusals.push({ file: file.path, name: refusal.name, reason: refusal.reason });
      }
      for (const draft of readers.draft(content.recipes, run.ingredients.items)) {
        await importDraft(run, draft, file, report);
      }
    }
    if (run.changed) {
      await writeSearchTerms(trx);
      await bumpCatalogueVersion(trx);
    }
    return run.changed;
  });
  if (result.changed) {
    forgetCatalogueVersion(db);
    forgetSearchIndex(db);
    await sql`analyze`.execute(db);
  }
  const count = await db
    .selectFrom('cocktail')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('venue_id', 'is', null)
    .where('owner_id', 'is', null)
    .executeTakeFirstOrThrow();
  result.cocktails = Number(count.count);
  result.datasets = [...reports.values()];
  return result;
}
