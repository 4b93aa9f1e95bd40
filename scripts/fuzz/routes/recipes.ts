/** The route table's own recipes: writes, photos, sharing, copies and the recipe import. */
import { shareSlugSchema } from '@/shared/schemas/collections';
import {
  importQuerySchema,
  importReviewSchema,
  ownRecipeListQuerySchema,
  ownRecipeWriteSchema,
  recipeCopyParamSchema,
  recipeShareSchema,
} from '@/shared/schemas/recipes';
import { VALID_JPEG } from '../images';
import type { RouteSpec } from './types';
import { someCocktail, ownRecipeParam, signatureRecipe, app } from './shared';

export const RECIPE_ROUTES: readonly RouteSpec[] = [
  // Own recipes: any signed-in user writes them (B' calls them all on its own recipe; the sweep puts A's there). A free
  // account's limit is a 403 past 10, which B's valid create reaches quickly: a refusal the detectors allow.
  // `q` searches the caller's own recipes only: A's recipe names (secrets of the world) must never come back to B.
  app({
    id: 'GET /api/me/recipes',
    method: 'GET',
    path: '/api/me/recipes',
    caller: 'pro',
    query: () => ({ q: 'sour' }),
    querySchema: ownRecipeListQuerySchema,
  }),
  app({
    id: 'POST /api/me/recipes',
    method: 'POST',
    path: '/api/me/recipes',
    caller: 'pro',
    weight: 0.5,
    body: (ctx) => signatureRecipe(ctx.ingredientIds, 'Fuzz house sour'),
    bodySchema: ownRecipeWriteSchema,
  }),
  app({
    id: 'POST /api/me/recipes/copy/:cocktailId',
    method: 'POST',
    path: '/api/me/recipes/copy/:cocktailId',
    caller: 'pro',
    weight: 0.5,
    params: { cocktailId: { valid: someCocktail, schema: recipeCopyParamSchema.shape.cocktailId } },
  }),
  // The import reads any upload; the valid one is a flat JSON record, previewed (and, less often, written).
  app({
    id: 'POST /api/me/recipes/import?preview=1',
    method: 'POST',
    path: '/api/me/recipes/import',
    caller: 'pro',
    query: () => ({ preview: '1' }),
    querySchema: importQuerySchema,
    body: () => [
      { name: 'Fuzz import', ingredients: ['2 oz gin', '3/4 oz lemon juice'], directions: 'Shake, strain.' },
    ],
  }),
  app({
    id: 'POST /api/me/recipes/import',
    method: 'POST',
    path: '/api/me/recipes/import',
    caller: 'pro',
    weight: 0.3,
    body: () => [
      { name: 'Fuzz import', ingredients: ['2 oz gin', '3/4 oz lemon juice'], directions: 'Shake, strain.' },
    ],
  }),
  app({
    id: 'POST /api/me/recipes/import/reviewed',
    method: 'POST',
    path: '/api/me/recipes/import/reviewed',
    caller: 'pro',
    weight: 0.3,
    body: (ctx) => ({
      format: 'text',
      recipes: [{ index: 0, write: signatureRecipe(ctx.ingredientIds, 'Fuzz reviewed sour') }],
      refusals: [],
    }),
    bodySchema: importReviewSchema,
  }),
  app({
    id: 'PUT /api/me/recipes/:id/photo',
    method: 'PUT',
    path: '/api/me/recipes/:id/photo',
    caller: 'pro',
    params: ownRecipeParam,
    rawBody: () => VALID_JPEG,
  }),
  app({
    id: 'DELETE /api/me/recipes/:id/photo',
    method: 'DELETE',
    path: '/api/me/recipes/:id/photo',
    caller: 'pro',
    params: ownRecipeParam,
  }),
  app({
    id: 'GET /api/me/recipes/:id',
    method: 'GET',
    path: '/api/me/recipes/:id',
    caller: 'pro',
    params: ownRecipeParam,
  }),
  app({
    id: 'PUT /api/me/recipes/:id',
    method: 'PUT',
    path: '/api/me/recipes/:id',
    caller: 'pro',
    params: ownRecipeParam,
    body: (ctx) => signatureRecipe(ctx.ingredientIds, 'Fuzz house sour, revised'),
    bodySchema: ownRecipeWriteSchema,
  }),
  app({
    id: 'PUT /api/me/recipes/:id/share',
    method: 'PUT',
    path: '/api/me/recipes/:id/share',
    caller: 'pro',
    params: ownRecipeParam,
    body: () => ({ shared: true }),
    bodySchema: recipeShareSchema,
  }),
  app({
    id: 'DELETE /api/me/recipes/:id',
    method: 'DELETE',
    path: '/api/me/recipes/:id',
    caller: 'pro',
    weight: 0.5,
    params: ownRecipeParam,
  }),
  app({
    id: 'GET /api/recipes/shared/:slug',
    method: 'GET',
    path: '/api/recipes/shared/:slug',
    caller: 'anyone',
    params: { slug: { valid: (ctx) => ctx.publicRecipeSlug, schema: shareSlugSchema.shape.slug } },
  }),
];
