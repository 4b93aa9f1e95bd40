import type { Kysely } from 'kysely';
import {
  ACCOUNT_EXPORT_APP,
  ACCOUNT_EXPORT_VERSION,
  type AccountExport,
  type ExportCocktailRef,
  type ExportIngredientRef,
  type ExportRecipe,
} from '@/shared/schemas/export';
import { loadCocktailDetails } from '../../catalogue';
import type { Database } from '../../db/types';

/**
 * Reads everything a user keeps into the account export's shape (shared/schemas/export.ts): own recipes in full, saved
 * cocktails, My Bar (bottles, shopping list, swaps, made drinks), collections, notes and ratings. Only the user's own rows
 * are read; a cocktail is named by its catalogue slug or, for one of the user's recipes, by the recipe's key in the file,
 * and anything else (another user's recipe, a venue's) is left out. No HTTP here; database errors propagate (503).
 */

/** A timestamp column as ISO 8601 (SQLite gives text, PostgreSQL a Date). */
const iso = (value: Date | string) => new Date(value).toISOString();

/** What {@link collectAccountExport} answers: the export, and each recipe key's stored photo column (for the zip). */
export interface CollectedExport {
  data: AccountExport;
  /** Recipe key -> the stored photo column (JSON of uploads' StoredImage) of that recipe. */
  photos: Map<string, string>;
}

/** The user's own recipes by name, each with its file key `r<n>` (1-based, in this order). */
async function ownRecipes(db: Kysely<Database>, userId: string) {
  const rows = await db
    .selectFrom('cocktail')
    .select(['id', 'created_at', 'updated_at'])
    .where('owner_id', '=', userId)
    .orderBy('name_key')
    .orderBy('id')
    .execute();
  const stored = await loadCocktailDetails(
    db,
    rows.map((row) => Number(row.id)),
    { ownerId: userId },
  );
  return rows.flatMap((row, index) => {
    const recipe = stored.get(Number(row.id));
    return recipe ? [{ key: `r${index + 1}`, row, recipe }] : [];
  });
}

/**
 * The account export of `userId`.
 * @param now the export's clock (its `exportedAt`).
 */
export async function collectAccountExport({
  db,
  userId,
  now = () => new Date(),
}: {
  db: Kysely<Database>;
  userId: string;
  now?: () => Date;
}): Promise<CollectedExport> {
  const recipes = await ownRecipes(db, userId);
  const [favorites, bar, shopping, swaps, made, collections, items, notes, ratings] = await Promise.all([
    db
      .selectFrom('user_favorites')
      .select(['cocktail_id', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('cocktail_id')
      .execute(),
    db.selectFrom('bar_item').select('ingredient_id').where('user_id', '=', userId).execute(),
    db.selectFrom('shopping_item').select('ingredient_id').where('user_id', '=', userId).execute(),
    db
      .selectFrom('ingredient_swap')
      .select(['from_id', 'to_id'])
      .where('user_id', '=', userId)
      .orderBy('from_id')
      .orderBy('to_id')
      .execute(),
    db
      .selectFrom('made_drink')
      .select(['cocktail_id', 'made_at', 'note'])
      .where('user_id', '=', userId)
      .orderBy('made_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('collection')
      .select(['id', 'name', 'description', 'share_slug'])
      .where('user_id', '=', userId)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('collection_item')
      .innerJoin('collection', 'collection.id', 'collection_item.collection_id')
      .select(['collection_item.collection_id', 'collection_item.cocktail_id'])
      .where('collection.user_id', '=', userId)
      .orderBy('collection_item.position')
      .orderBy('collection_item.cocktail_id')
      .execute(),
    db
      .selectFrom('cocktail_note')
      .select(['cocktail_id', 'text', 'updated_at'])
      .where('user_id', '=', userId)
      .orderBy('cocktail_id')
      .execute(),
    db
      .selectFrom('cocktail_rating')
      .select(['cocktail_id', 'stars', 'updated_at'])
      .where('user_id', '=', userId)
      .orderBy('updated_at', 'desc')
      .orderBy('cocktail_id')
      .execute(),
  ]);

  // Cocktails: the user's own by key, public ones by slug; anything else is not the user's to export.
  const own = new Map(recipes.map(({ key, recipe }) => [recipe.detail.id, { key, name: recipe.detail.name }]));
  const cocktailIds = [
    ...new Set(
      [...favorites, ...made, ...items, ...notes, ...ratings]
        .map((row) => Number(row.cocktail_id))
        .filter((id) => !own.has(id)),
    ),
  ];
  const publicRows =
    cocktailIds.length === 0
      ? []
      : await db
          .selectFrom('cocktail')
          .select(['id', 'slug', 'name'])
          .where('id', 'in', cocktailIds)
          .where('owner_id', 'is', null)
          .where('venue_id', 'is', null)
          .execute();
  const publicById = new Map(publicRows.map((row) => [Number(row.id), row]));
  const refOf = (id: number | string): ExportCocktailRef | null => {
    const mine = own.get(Number(id));
    if (mine) return { kind: 'own', recipe: mine.key, name: mine.name };
    const found = publicById.get(Number(id));
    return found ? { kind: 'catalogue', slug: found.slug, name: found.name } : null;
  };

  // Ingredients: every one a line, the bar or a swap names, by slug.
  const ingredientIds = [
    ...new Set([
      ...recipes.flatMap(({ recipe }) => recipe.detail.ingredients.map((line) => line.ingredient_id)),
      ...[...bar, ...shopping].map((row) => Number(row.ingredient_id)),
      ...swaps.flatMap((row) => [Number(row.from_id), Number(row.to_id)]),
    ]),
  ];
  const ingredientRows =
    ingredientIds.length === 0
      ? []
      : await db
          .selectFrom('ingredient')
          .select(['id', 'slug', 'name', 'owner_id'])
          .where('id', 'in', ingredientIds)
          .execute();
  const ingredientById = new Map(ingredientRows.map((row) => [Number(row.id), row]));
  const ingredientOf = (id: number | string): ExportIngredientRef | null => {
    const found = ingredientById.get(Number(id));
    if (!found || (found.owner_id !== null && found.owner_id !== userId)) return null;
    return { slug: found.owner_id === null ? found.slug : null, name: found.name };
  };
  const byName = (a: ExportIngredientRef, b: ExportIngredientRef) => a.name.localeCompare(b.name, 'en');
  const present = <T>(value: T | null): value is T => value !== null;

  const photos = new Map<string, string>();
  const exportedRecipes: ExportRecipe[] = recipes.map(({ key, row, recipe }) => {
    const detail = recipe.detail;
    if (recipe.photo !== null) photos.set(key, recipe.photo);
    return {
      key,
      name: detail.name,
      base_spirit: detail.base_spirit,
      category: detail.category,
      description: detail.description,
      instructions: detail.instructions,
      difficulty_level: detail.difficulty_level,
      glassware: detail.glassware,
      technique: detail.technique,
      garnish: detail.garnish,
      preparation_time: detail.preparation_time,
      flavor_profile: detail.flavor_profile,
      seasonal_tags: detail.seasonal_tags,
      occasion_tags: detail.occasion_tags,
      shared: recipe.shareSlug !== null,
      ingredients: detail.ingredients.map((line) => {
        const ingredient = ingredientById.get(line.ingredient_id);
        return {
          ingredient: line.ingredient,
          slug: ingredient && ingredient.owner_id === null ? ingredient.slug : null,
          amount: line.amount,
          amount_max: line.amount_max,
          unit: line.unit,
          is_optional: line.is_optional,
          note: line.note,
        };
      }),
      // Filled in by the archive writer, which knows each variant's file in the zip.
      photo: null,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
    };
  });

  const data: AccountExport = {
    app: ACCOUNT_EXPORT_APP,
    version: ACCOUNT_EXPORT_VERSION,
    exportedAt: now().toISOString(),
    recipes: exportedRecipes,
    favorites: favorites.flatMap((row) => {
      const cocktail = refOf(row.cocktail_id);
      return cocktail ? [{ cocktail, savedAt: iso(row.created_at) }] : [];
    }),
    bar: bar
      .map((row) => ingredientOf(row.ingredient_id))
      .filter(present)
      .sort(byName),
    shoppingList: shopping
      .map((row) => ingredientOf(row.ingredient_id))
      .filter(present)
      .sort(byName),
    swaps: swaps.flatMap((row) => {
      const from = ingredientOf(row.from_id);
      const to = ingredientOf(row.to_id);
      return from && to ? [{ from, to }] : [];
    }),
    made: made.flatMap((row) => {
      const cocktail = refOf(row.cocktail_id);
      return cocktail ? [{ cocktail, madeAt: iso(row.made_at), note: row.note }] : [];
    }),
    collections: collections.map((collection) => ({
      name: collection.name,
      description: collection.description,
      shared: collection.share_slug !== null,
      items: items
        .filter((item) => Number(item.collection_id) === Number(collection.id))
        .map((item) => refOf(item.cocktail_id))
        .filter(present),
    })),
    notes: notes.flatMap((row) => {
      const cocktail = refOf(row.cocktail_id);
      return cocktail ? [{ cocktail, text: row.text, updatedAt: iso(row.updated_at) }] : [];
    }),
    ratings: ratings.flatMap((row) => {
      const cocktail = refOf(row.cocktail_id);
      return cocktail ? [{ cocktail, stars: Number(row.stars), updatedAt: iso(row.updated_at) }] : [];
    }),
  };
  return { data, photos };
}
