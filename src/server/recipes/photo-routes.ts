import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import { ownRecipeParamSchema } from '@/shared/schemas/recipes';
import type { Database } from '../db/types';
import { sameOriginGuard } from '../http/origin-guard';
import type { SessionReader } from '../http/current-session';
import { validate } from '../http/validate';
import type { ImageStore } from '../uploads';
import { removeOwnRecipePhoto, uploadOwnRecipePhoto } from './photos';

/**
 * An own recipe's photo, mounted at /api/me/recipes beside the recipe routes: `PUT /:id/photo` (the image as the body:
 * JPEG, PNG or WebP, at most 10 MB, the body limit of http/request-guards.ts) -> OwnRecipe with its photo; `DELETE
 * /:id/photo` -> OwnRecipe without one. Errors (`{"error": {code, message}}`): 401 signed out; 403 FORBIDDEN for a
 * cross-site write; 400 IMAGE_INVALID; 404 (not the user's recipe); 413; 503 while the database or the store is away.
 */
export function ownRecipePhotoRoutes({
  db,
  sessions,
  trustedOrigins,
  store,
  onOrphan,
}: {
  db: Kysely<Database>;
  sessions: SessionReader;
  trustedOrigins: readonly string[];
  store: ImageStore;
  onOrphan?: (keys: string[], error: unknown) => void;
}): Hono {
  const routes = new Hono();
  routes.use(sameOriginGuard(trustedOrigins));
  const scopeOf = async (c: Context, id: number) => ({
    db,
    userId: (await sessions.require(c)).user.id,
    id,
    store,
    onOrphan,
  });
  routes.put('/:id/photo', validate('param', ownRecipeParamSchema), async (c) => {
    const scope = await scopeOf(c, c.req.valid('param').id);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    return c.json(await uploadOwnRecipePhoto({ ...scope, bytes }), 200, { 'Cache-Control': 'no-store' });
  });
  routes.delete('/:id/photo', validate('param', ownRecipeParamSchema), async (c) =>
    c.json(await removeOwnRecipePhoto(await scopeOf(c, c.req.valid('param').id)), 200, { 'Cache-Control': 'no-store' }),
  );
  return routes;
}
