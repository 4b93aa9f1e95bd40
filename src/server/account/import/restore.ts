import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { ownRecipeLimit, type PlanName } from '@/shared/domain/plans';
import { slugFromName } from '@/shared/domain/venues';
import { MAX_COLLECTION_ITEMS, MAX_COLLECTIONS } from '@/shared/schemas/collections';
import type {
  AccountExport,
  AccountImportPart,
  AccountImportRefusal,
  AccountImportResult,
  ExportCocktailRef,
  ExportIngredientRef,
} from '@/shared/schemas/export';
import { MAX_BAR_ITEMS } from '@/shared/schemas/my-bar';
import { getIngredientCatalogue, toIngredientKey } from '../../catalogue';
import type { Database } from '../../db/types';
import type { ImageStore } from '../../uploads';
import { readAccountArchive } from './read-archive';
import { prepareRecipe, storeRecipePhotos, writeRecipes } from './restore-recipes';

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
  ['bar', 'My Bar'],
  ['shoppingList', 'The shopping list'],
  ['swaps', 'Swaps'],
  ['made', "'I made this'"],
  ['collections', 'Collections'],
  ['notes', 'Notes'],
  ['ratings', 'Ratings'],
];

type Counts = AccountImportResult['restored'];

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

  // Photos of the recipes the plan takes, stored before the transaction (and deleted again if it fails).
  const limit = ownRecipeLimit(plan);
  const owned = await db
    .selectFrom('cocktail')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('owner_id', '=', userId)
    .executeTakeFirstOrThrow();
  const room = limit === null ? prepared.length : Math.max(0, limit - Number(owned.n));
  const photos = await storeRecipePhotos(store, prepared.filter((recipe) => 'write' in recipe).slice(0, room));
  refusals.push(...photos.refusals);
  const storedKeys = [...photos.images.values()].flatMap((image) => image.variants.map((variant) => variant.key));

  try {
    const restored = await db.transaction().execute(async (trx) => {
      const counts = Object.fromEntries(
        ['recipes', 'favorites', 'bar', 'shoppingList', 'swaps', 'made', 'collections', 'notes', 'ratings'].map(
          (part) => [part, 0],
        ),
      ) as Counts;
      const recipes = await writeRecipes(trx, { userId, limit, catalogue, recipes: prepared, images: photos.images });
      counts.recipes = recipes.written;
      refusals.push(...recipes.refusals);

      /** A cocktail of the file as an id here, or null (refused by the caller, named). */
      const cocktailId = (ref: ExportCocktailRef): number | null =>
        (ref.kind === 'catalogue' ? cocktailBySlug.get(ref.slug) : recipes.ids.get(ref.recipe)) ?? null;
      const missing = (part: AccountImportPart, ref: ExportCocktailRef, where = '') =>
        refusals.push({
          part,
          name: ref.name,
          reason:
            ref.kind === 'own'
              ? `${where}'${ref.name}' is one of your recipes that was not imported.`
              : `${where}'${ref.name}' is not in this catalogue.`,
        });

      // Saved cocktails: any plan keeps them; catalogue cocktails only.
      const saved = new Set(
        (await trx.selectFrom('user_favorites').select('cocktail_id').where('user_id', '=', userId).execute()).map(
          (row) => Number(row.cocktail_id),
        ),
      );
      for (const { cocktail, savedAt } of data.favorites) {
        const id = cocktail.kind === 'catalogue' ? cocktailId(cocktail) : null;
        if (id === null) missing('favorites', cocktail);
        else if (!saved.has(id)) {
          saved.add(id);
          await trx
            .insertInto('user_favorites')
            .values({ user_id: userId, cocktail_id: id, created_at: validTime(savedAt, now) })
            .execute();
          counts.favorites += 1;
        }
      }

      if (plan === 'free') {
        for (const [part, label] of PRO_PARTS) {
          const count = partSize(data, part);
          if (count > 0) {
            refusals.push({
              part,
              name: null,
              reason: `${label} ${part === 'bar' || part === 'shoppingList' || part === 'made' ? 'is' : 'are'} part of Pro: the ${count} in the file were not imported.`,
            });
          }
        }
        return counts;
      }

      const ingredientId = ownIngredientResolver(trx, userId, ingredientBySlug);
      await restoreIngredientList(trx, 'bar_item', 'bar', data.bar, { userId, ingredientId, counts, refusals, now });
      await restoreIngredientList(trx, 'shopping_item', 'shoppingList', data.shoppingList, {
        userId,
        ingredientId,
        counts,
        refusals,
        now,
      });

      const swapRows = await trx
        .selectFrom('ingredient_swap')
        .select(['from_id', 'to_id'])
        .where('user_id', '=', userId)
        .execute();
      const swaps = new Set(swapRows.map((row) => `${row.from_id}>${row.to_id}`));
      for (const swap of data.swaps) {
        const [from, to] = [await ingredientId(swap.from), await ingredientId(swap.to)];
        if (from === null || to === null || from === to) {
          refusals.push({
            part: 'swaps',
            name: `${swap.to.name} for ${swap.from.name}`,
            reason: 'An ingredient of it is not in this catalogue.',
          });
        } else if (!swaps.has(`${from}>${to}`)) {
          if (swaps.size >= MAX_BAR_ITEMS) {
            refusals.push({ part: 'swaps', name: swap.from.name, reason: `You keep at most ${MAX_BAR_ITEMS} swaps.` });
            continue;
          }
          swaps.add(`${from}>${to}`);
          await trx
            .insertInto('ingredient_swap')
            .values({ user_id: userId, from_id: from, to_id: to, created_at: now().toISOString() })
            .execute();
          counts.swaps += 1;
        }
      }

      const madeRows = await trx
        .selectFrom('made_drink')
        .select(['cocktail_id', 'made_at'])
        .where('user_id', '=', userId)
        .execute();
      const made = new Set(madeRows.map((row) => `${row.cocktail_id}@${new Date(row.made_at).toISOString()}`));
      // Oldest first, so the new rows' ids follow the order they were made in.
      for (const entry of [...data.made].reverse()) {
        const id = cocktailId(entry.cocktail);
        const at = validTime(entry.madeAt, now);
        if (id === null) missing('made', entry.cocktail);
        else if (!made.has(`${id}@${at}`)) {
          made.add(`${id}@${at}`);
          await trx
            .insertInto('made_drink')
            .values({ user_id: userId, cocktail_id: id, made_at: at, note: entry.note })
            .execute();
          counts.made += 1;
        }
      }

      const collectionRows = await trx.selectFrom('collection').select('name').where('user_id', '=', userId).execute();
      const names = new Set(collectionRows.map((row) => row.name.trim().toLowerCase()));
      const at = now().toISOString();
      // Last first, so the first collection of the file gets the newest id and lists first, as in the file.
      for (const collection of [...data.collections].reverse()) {
        const name = collection.name.trim();
        if (name === '' || names.has(name.toLowerCase())) {
          if (name !== '') {
            refusals.push({
              part: 'collections',
              name,
              reason: 'You already have a collection of this name; yours is kept as it is.',
            });
          }
          continue;
        }
        if (names.size >= MAX_COLLECTIONS) {
          refusals.push({ part: 'collections', name, reason: `You keep at most ${MAX_COLLECTIONS} collections.` });
          continue;
        }
        names.add(name.toLowerCase());
        const ids: number[] = [];
        for (const item of collection.items) {
          const id = cocktailId(item);
          if (id === null) missing('collections', item, `${name}: `);
          else if (!ids.includes(id)) ids.push(id);
        }
        if (ids.length > MAX_COLLECTION_ITEMS) {
          refusals.push({
            part: 'collections',
            name,
            reason: `Only its first ${MAX_COLLECTION_ITEMS} cocktails were kept.`,
          });
        }
        const created = await trx
          .insertInto('collection')
          .values({
            user_id: userId,
            name,
            description: collection.description,
            share_slug: null,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const items = ids.slice(0, MAX_COLLECTION_ITEMS);
        if (items.length > 0) {
          await trx
            .insertInto('collection_item')
            .values(
              items.map((id, position) => ({
                collection_id: Number(created.id),
                cocktail_id: id,
                position,
                added_at: at,
              })),
            )
            .execute();
        }
        counts.collections += 1;
      }

      for (const [table, part, entries] of [
        ['cocktail_note', 'notes', data.notes.map((n) => ({ cocktail: n.cocktail, value: n.text, at: n.updatedAt }))],
        [
          'cocktail_rating',
          'ratings',
          data.ratings.map((r) => ({ cocktail: r.cocktail, value: r.stars, at: r.updatedAt })),
        ],
      ] as const) {
        const kept = new Set(
          (await trx.selectFrom(table).select('cocktail_id').where('user_id', '=', userId).execute()).map((row) =>
            Number(row.cocktail_id),
          ),
        );
        for (const entry of entries) {
          const id = cocktailId(entry.cocktail);
          if (id === null) missing(part, entry.cocktail);
          else if (!kept.has(id) && !(typeof entry.value === 'string' && entry.value.trim() === '')) {
            kept.add(id);
            const row = { user_id: userId, cocktail_id: id, updated_at: validTime(entry.at, now) };
            if (table === 'cocktail_note') {
              await trx
                .insertInto('cocktail_note')
                .values({ ...row, text: String(entry.value) })
                .execute();
            } else {
              await trx
                .insertInto('cocktail_rating')
                .values({ ...row, stars: Number(entry.value) })
                .execute();
            }
            counts[part] += 1;
          }
        }
      }
      return counts;
    });
    return { restored, refusals };
  } catch (error) {
    if (storedKeys.length > 0) await store.deleteMany(storedKeys).catch(() => undefined);
    throw error;
  }
}

/** How many rows the file holds of `part`. */
function partSize(data: AccountExport, part: AccountImportPart): number {
  return data[part].length;
}

/** `value` as ISO 8601 when it is a date no later than now, else now. */
function validTime(value: string, now: () => Date): string {
  const at = new Date(value);
  const current = now();
  return Number.isFinite(at.getTime()) && at.getTime() <= current.getTime() ? at.toISOString() : current.toISOString();
}

/**
 * Resolves the file's ingredients to ids in `trx`: a catalogue one by slug; one of the user's own (slug null) by name,
 * made anew (Other, 0 % ABV, as the recipe editor makes them) when the user has none of that name.
 */
function ownIngredientResolver(
  trx: Transaction<Database>,
  userId: string,
  bySlug: ReadonlyMap<string, number>,
): (ref: ExportIngredientRef) => Promise<number | null> {
  let own: Map<string, number> | null = null;
  return async (ref) => {
    if (ref.slug !== null) return bySlug.get(ref.slug) ?? null;
    const key = toIngredientKey(ref.name);
    if (key === '') return null;
    if (own === null) {
      const rows = await trx.selectFrom('ingredient').select(['id', 'name']).where('owner_id', '=', userId).execute();
      own = new Map(rows.map((row) => [toIngredientKey(row.name), Number(row.id)]));
    }
    const found = own.get(key);
    if (found !== undefined) return found;
    const created = await trx
      .insertInto('ingredient')
      .values({
        slug: `u--${slugFromName(ref.name) || 'ingredient'}-${randomBytes(4).toString('hex')}`,
        name: ref.name.trim(),
        category: 'Other',
        parent_id: null,
        abv: 0,
        description: '',
        owner_id: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    own.set(key, Number(created.id));
    return Number(created.id);
  };
}

/** Adds the file's bottles (or shopping list) the user does not have yet; past MAX_BAR_ITEMS the rest is refused. */
async function restoreIngredientList(
  trx: Transaction<Database>,
  table: 'bar_item' | 'shopping_item',
  part: 'bar' | 'shoppingList',
  entries: readonly ExportIngredientRef[],
  scope: {
    userId: string;
    ingredientId: (ref: ExportIngredientRef) => Promise<number | null>;
    counts: Counts;
    refusals: AccountImportRefusal[];
    now: () => Date;
  },
): Promise<void> {
  const rows = await trx.selectFrom(table).select('ingredient_id').where('user_id', '=', scope.userId).execute();
  const have = new Set(rows.map((row) => Number(row.ingredient_id)));
  for (const entry of entries) {
    const id = await scope.ingredientId(entry);
    if (id === null) {
      scope.refusals.push({ part, name: entry.name, reason: `'${entry.name}' is not in this catalogue.` });
    } else if (!have.has(id)) {
      if (have.size >= MAX_BAR_ITEMS) {
        scope.refusals.push({ part, name: entry.name, reason: `A list keeps at most ${MAX_BAR_ITEMS} ingredients.` });
        continue;
      }
      have.add(id);
      await trx
        .insertInto(table)
        .values({ user_id: scope.userId, ingredient_id: id, created_at: scope.now().toISOString() })
        .execute();
      scope.counts[part] += 1;
    }
  }
}
