import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import { planFromEntitlements } from '@/shared/domain/plans';
import { shareSlugSchema } from '@/shared/schemas/collections';
import {
  importQuerySchema,
  importReviewSchema,
  ownRecipeListQuerySchema,
  ownRecipeParamSchema,
  ownRecipeWriteSchema,
  recipeCopyParamSchema,
  recipeShareSchema,
} from '@/shared/schemas/recipes';
import type { Database } from '../db/types';
import { sameOriginGuard } from '../http/origin-guard';
import type { SessionReader } from '../http/current-session';
import { jsonBody, validate } from '../http/validate';
import { writeMadeAt } from '../http/write-age';
import { importRecipes, previewImport, writeImport } from './import/import-recipes';
import { activeEntitlementsOf } from '../payments';
import { discardImages, type PhotoStore } from '../uploads';
import { ownRecipePhotoKeys } from './photos';
import {
  copyRecipe,
  createOwnRecipe,
  deleteOwnRecipe,
  getOwnRecipe,
  getSharedRecipe,
  listOwnRecipes,
  shareOwnRecipe,
  updateOwnRecipe,
} from './operations';

/** The user's own answers change with every write: never stored by any cache. */
const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/**
 * The user's own recipes, mounted at /api/me/recipes (shapes: src/shared/schemas/recipes.ts; rules: operations.ts). Any
 * signed-in user may write them; the plan sets how many are kept (free: FREE_OWN_RECIPES), so a new recipe or copy past
 * it answers 403 ENTITLEMENT_REQUIRED with the count, and nothing else is gated. Writes are refused from another site;
 * bodies are limited by the API's body-limit guard (http/request-guards.ts).
 * - `GET /[?q=]` -> OwnRecipeList (with `q`, the recipes whose name, ingredients or tags match it); `POST /` -> 201
 *   OwnRecipe; `POST /copy/:cocktailId` -> 201 OwnRecipe ('Make it my own');
 * - `GET|PUT /:id` -> OwnRecipe; `DELETE /:id` -> the OwnRecipeList left; `PUT /:id/share` `{shared}` -> OwnRecipe;
 * - `POST /import[?preview=1]` (the upload as the body, any type, at most MAX_IMPORT_BYTES) -> ImportPreview, or the
 *   ImportResult of writing it (400 VALIDATION_FAILED when nothing in it reads as a recipe); `POST /import/reviewed`
 *   ImportReview (a preview as the user corrected it) -> ImportResult.
 * Another user's recipe is 404, as one that does not exist. Errors (`{"error": {code, message}}`): 401 signed out; 403
 * ENTITLEMENT_REQUIRED past the limit; 403 FORBIDDEN for a cross-site write; 400 VALIDATION_FAILED; 404; 413 for an
 * oversized body; 503 while the database is away.
 */
export function ownRecipeRoutes({
  db,
  sessions,
  trustedOrigins,
  photos,
}: {
  db: Kysely<Database>;
  sessions: SessionReader;
  trustedOrigins: readonly string[];
  /** Where the recipes' photos are kept, so a deleted recipe's files go too (none: files are left). */
  photos?: PhotoStore;
}): Hono {
  const userOf = async (c: Context) => ({ db, userId: (await sessions.require(c)).user.id });
  const withPlan = async (c: Context) => {
    const user = await userOf(c);
    return { ...user, plan: planFromEntitlements(await activeEntitlementsOf(user)) };
  };
  const recipes = new Hono();
  recipes.use(sameOriginGuard(trustedOrigins));
  recipes.get('/', validate('query', ownRecipeListQuerySchema), async (c) =>
    c.json(await listOwnRecipes({ ...(await withPlan(c)), q: c.req.valid('query').q }), 200, NO_STORE),
  );
  recipes.post('/', jsonBody(ownRecipeWriteSchema), async (c) =>
    c.json(await createOwnRecipe({ ...(await withPlan(c)), body: c.req.valid('json') }), 201, NO_STORE),
  );
  recipes.post('/copy/:cocktailId', validate('param', recipeCopyParamSchema), async (c) =>
    c.json(await copyRecipe({ ...(await withPlan(c)), cocktailId: c.req.valid('param').cocktailId }), 201, NO_STORE),
  );
  recipes.post('/import', validate('query', importQuerySchema), async (c) => {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (c.req.valid('query').preview === '1') return c.json(await previewImport({ db, bytes }), 200, NO_STORE);
    return c.json(await importRecipes({ ...(await withPlan(c)), bytes }), 200, NO_STORE);
  });
  recipes.post('/import/reviewed', jsonBody(importReviewSchema), async (c) =>
    c.json(await writeImport({ ...(await withPlan(c)), reviewed: c.req.valid('json') }), 200, NO_STORE),
  );
  recipes.get('/:id', validate('param', ownRecipeParamSchema), async (c) =>
    c.json(await getOwnRecipe({ ...(await userOf(c)), id: c.req.valid('param').id }), 200, NO_STORE),
  );
  recipes.put('/:id', validate('param', ownRecipeParamSchema), jsonBody(ownRecipeWriteSchema), async (c) => {
    const scope = { ...(await userOf(c)), id: c.req.valid('param').id };
    // An edit made offline loses to a newer one made since on another device.
    return c.json(
      await updateOwnRecipe({ ...scope, body: c.req.valid('json'), madeAt: writeMadeAt(c) }),
      200,
      NO_STORE,
    );
  });
  recipes.delete('/:id', validate('param', ownRecipeParamSchema), async (c) => {
    const user = await withPlan(c);
    const id = c.req.valid('param').id;
    const photoKeys = await ownRecipePhotoKeys(db, user.userId, id);
    await deleteOwnRecipe({ ...user, id });
    // The photo's files go once the recipe is gone (a file that cannot be deleted is only reported).
    if (photos) await discardImages(photos, photoKeys);
    return c.json(await listOwnRecipes(user), 200, NO_STORE);
  });
  recipes.put('/:id/share', validate('param', ownRecipeParamSchema), jsonBody(recipeShareSchema), async (c) =>
    c.json(
      await shareOwnRecipe({ ...(await userOf(c)), id: c.req.valid('param').id, shared: c.req.valid('json').shared }),
      200,
      NO_STORE,
    ),
  );
  return recipes;
}

/** `GET /shared/:slug` (mounted at /api/recipes): a shared own recipe, for anyone with the link; 404 when off or unknown. */
export function sharedRecipeRoutes({ db }: { db: Kysely<Database> }): Hono {
  const shared = new Hono();
  shared.get('/shared/:slug', async (c) => {
    const parsed = shareSlugSchema.safeParse({ slug: c.req.param('slug') });
    const body = await getSharedRecipe({ db, slug: parsed.success ? parsed.data.slug : '' });
    return c.json(body, 200, { 'Cache-Control': 'no-store' });
  });
  return shared;
}
