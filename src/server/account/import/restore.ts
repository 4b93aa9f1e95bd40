import type { Kysely } from 'kysely';
import { ownRecipeLimit, type PlanName } from '@/shared/domain/plans';
import type {
  AccountExport,
  AccountImportPart,
  AccountImportRefusal,
  AccountImportResult,
  ExportCocktailRef,
} from '@/shared/schemas/export';
import { getIngredientCatalogue } from '../../catalogue';
import type { Database } from '../../db/types';
import type { ImageStore } from '../../uploads';
import { readAccountArchive } from './read-archive';
import { restoreCollections, restoreNotes, restoreRatings } from './restore-collections';
import { restoreFavorites, restoreIngredientList, restoreMade, restoreSwaps } from './restore-my-bar';
import { prepareRecipe, processRecipePhotos, writeRecipes } from './restore-recipes';
import { ownIngredientResolver, zeroCounts, type RestoreScope } from './restore-scope';

/**
 * `POST /api/me/import`: Barback's own export (read-archive.ts) restored into the signed-in account, in ONE transaction:
 * everything the answer counts is written, or nothing is. What the user already has is never changed or removed: rows
 * already there (a bottle, a note, a rating, a collection of the same name) are kept as they are, and the file's copy is
 * skipped. Parts the plan does not hold are refused whole with the reason (free accounts: 10 own recipes, the recipes
 * past it refused one by one; My Bar, collections, notes and ratings are Pro); a cocktail or ingredient this server's
 * catalogue lacks is refused by name. Share links are not carried over (a restored collection or recipe is private).
 * Errors: AppError VALIDATION_FAILED (not an export, see read-archive.ts); database and image-store errors propagate
 * (503), with the photos stored for this import deleted again.
 */

/** The parts behind Pro, with the words a refusal names them by. */
const PRO_PARTS: [AccountImportPart, string][] = [
  ['bar', 'My Bar is'],
  ['shoppingList', 'The shopping list is'],
  ['swaps', 'Swaps are'],
  ['made', "'I made this' is"],
  ['collections', 'Collections are'],
  ['notes', 'Notes are'],
  ['ratings', 'Ratings are'],
];

/** The public cocktails and ingredients the file names by slug, read once before the transaction. */
async function catalogueIds(db: Kysely<Database>, data: AccountExport) {
  const refs = [
    ...data.favorites.map((f) => f.cocktail),
    ...data.made.map((m) => m.cocktail),
    ...data.collections.flatMap((c) => c.items),
    ...data.notes.map((n) => n.cocktail),
    ...data.ratings.map((r) => r.cocktail),
  ];
  const cocktailSlugs = [...new Set(refs.flatMap((ref) => (ref.kind === 'catalogue' ? [ref.slug] : [])))];
  const ingredientSlugs = [
    ...new Set(
      [
        ...data.recipes.flatMap((r) => r.ingredients.map((line) => line.slug)),
        ...[...data.bar, ...data.shoppingList, ...data.swaps.flatMap((s) => [s.from, s.to])].map((i) => i.slug),
      ].filter((slug): slug is string => slug !== null),
    ),
  ];
  const [cocktails, ingredients] = await Promise.all([
    cocktailSlugs.length === 0
      ? []
      : db
          .selectFrom('cocktail')
          .select(['id', 'slug'])
          .where('slug', 'in', cocktailSlugs)
          .where('owner_id', 'is', null)
          .where('venue_id', 'is', null)
          .execute(),
    ingredientSlugs.length === 0
      ? []
      : db
          .selectFrom('ingredient')
          .select(['id', 'slug'])
          .where('slug', 'in', ingredientSlugs)
          .where('owner_id', 'is', null)
          .execute(),
  ]);
  return {
    cocktailBySlug: new Map(cocktails.map((row) => [row.slug, Number(row.id)])),
    ingredientBySlug: new Map(ingredients.map((row) => [row.slug, Number(row.id)])),
  };
}

/** Restores `bytes` (an export) into the account of `userId` on `plan`. */
export async function restoreAccount({
  db,
  userId,
  plan,
  bytes,
  store,
  now = () => new Date(),
}: {
  db: Kysely<Database>;
  userId: string;
  plan: PlanName;
  bytes: Uint8Array;
  store: ImageStore;
  now?: () => Date;
}): Promise<AccountImportResult> {
  const { data, files } = readAccountArchive(bytes);
  const { cocktailBySlug, ingredientBySlug } = await catalogueIds(db, data);
  const catalogue = await getIngredientCatalogue(db);
  const refusals: AccountImportRefusal[] = [];
  const prepared = data.recipes.map((recipe) => prepareRecipe(recipe, ingredientBySlug, files));

  // Photos of the recipes the plan takes, re-encoded before the transaction (stored in it; deleted again if it fails).
  const limit = ownRecipeLimit(plan);
  const owned = await db
    .selectFrom('cocktail')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('owner_id', '=', userId)
    .executeTakeFirstOrThrow();
  const room = limit === null ? prepared.length : Math.max(0, limit - Number(owned.n));
  const photos = await processRecipePhotos(prepared.filter((recipe) => 'write' in recipe).slice(0, room));
  refusals.push(...photos.refusals);
  const storedKeys: string[] = [];

  try {
    const restored = await db.transaction().execute(async (trx) => {
      const counts = zeroCounts();
      const recipes = await writeRecipes(trx, {
        userId,
        limit,
        catalogue,
        recipes: prepared,
        images: photos.images,
        store,
        storedKeys,
      });
      counts.recipes = recipes.written;
      refusals.push(...recipes.refusals);
      const scope: RestoreScope = {
        trx,
        userId,
        counts,
        refusals,
        now,
        cocktailId: (ref: ExportCocktailRef) =>
          (ref.kind === 'catalogue' ? cocktailBySlug.get(ref.slug) : recipes.ids.get(ref.recipe)) ?? null,
        ingredientId: ownIngredientResolver(trx, userId, ingredientBySlug),
      };
      // Saved cocktails are any plan's; the rest is Pro's.
      await restoreFavorites(scope, data.favorites);
      if (plan === 'free') {
        for (const [part, label] of PRO_PARTS) {
          const count = data[part].length;
          if (count > 0) {
            const reason = `${label} part of Pro: the ${count} in the file were not imported.`;
            refusals.push({ part, name: null, reason });
          }
        }
        return counts;
      }
      await restoreIngredientList(scope, 'bar', data.bar);
      await restoreIngredientList(scope, 'shoppingList', data.shoppingList);
      await restoreSwaps(scope, data.swaps);
      await restoreMade(scope, data.made);
      await restoreCollections(scope, data.collections);
      await restoreNotes(scope, data.notes);
      await restoreRatings(scope, data.ratings);
      return counts;
    });
    return { restored, refusals };
  } catch (error) {
    if (storedKeys.length > 0) await store.deleteMany(storedKeys).catch(() => undefined);
    throw error;
  }
}
