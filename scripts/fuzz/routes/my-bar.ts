/** The route table's My Bar routes: the bar, the shopping list, made drinks and swaps (behind the pro plan). */
import {
  barAddManySchema,
  cocktailParamSchema,
  madeCreateSchema,
  makeableQuerySchema,
  swapSchema,
} from '@/shared/schemas/my-bar';
import type { RouteSpec } from './types';
import { now, someCocktail, someIngredient, otherIngredient, ingredientParam, app } from './shared';

export const MY_BAR_ROUTES: readonly RouteSpec[] = [
  // My Bar: every route behind the pro entitlement (B' calls them; B is refused).
  app({ id: 'GET /api/me/bar', method: 'GET', path: '/api/me/bar', caller: 'pro' }),
  app({
    id: 'PUT /api/me/bar/:ingredientId',
    method: 'PUT',
    path: '/api/me/bar/:ingredientId',
    caller: 'pro',
    params: ingredientParam(someIngredient),
  }),
  app({
    id: 'POST /api/me/bar',
    method: 'POST',
    path: '/api/me/bar',
    caller: 'pro',
    body: (ctx) => ({ ingredientIds: [someIngredient(ctx), otherIngredient(ctx)] }),
    bodySchema: barAddManySchema,
  }),
  app({
    id: 'DELETE /api/me/bar/:ingredientId',
    method: 'DELETE',
    path: '/api/me/bar/:ingredientId',
    caller: 'pro',
    params: ingredientParam(otherIngredient),
  }),
  app({
    id: 'GET /api/me/bar/makeable',
    method: 'GET',
    path: '/api/me/bar/makeable',
    caller: 'pro',
    query: () => ({ view: 'one-away', page: '0', q: 'gin' }),
    querySchema: makeableQuerySchema,
  }),
  app({ id: 'GET /api/me/bar/makeable-ids', method: 'GET', path: '/api/me/bar/makeable-ids', caller: 'pro' }),
  app({
    id: 'GET /api/me/bar/match/:cocktailId',
    method: 'GET',
    path: '/api/me/bar/match/:cocktailId',
    caller: 'pro',
    params: { cocktailId: { valid: someCocktail, schema: cocktailParamSchema.shape.cocktailId } },
  }),
  app({ id: 'GET /api/me/bar/suggestions', method: 'GET', path: '/api/me/bar/suggestions', caller: 'pro' }),
  app({ id: 'GET /api/me/shopping-list', method: 'GET', path: '/api/me/shopping-list', caller: 'pro' }),
  app({
    id: 'DELETE /api/me/shopping-list',
    method: 'DELETE',
    path: '/api/me/shopping-list',
    caller: 'pro',
    weight: 0.5,
  }),
  app({
    id: 'PUT /api/me/shopping-list/:ingredientId',
    method: 'PUT',
    path: '/api/me/shopping-list/:ingredientId',
    caller: 'pro',
    params: ingredientParam(someIngredient),
  }),
  app({
    id: 'DELETE /api/me/shopping-list/:ingredientId',
    method: 'DELETE',
    path: '/api/me/shopping-list/:ingredientId',
    caller: 'pro',
    params: ingredientParam(otherIngredient),
  }),
  app({
    id: 'POST /api/me/shopping-list/:ingredientId/bought',
    method: 'POST',
    path: '/api/me/shopping-list/:ingredientId/bought',
    caller: 'pro',
    params: ingredientParam(someIngredient),
  }),
  app({
    id: 'POST /api/me/made',
    method: 'POST',
    path: '/api/me/made',
    caller: 'pro',
    body: (ctx) => ({ cocktailId: Number(someCocktail(ctx)), note: 'Fuzzed, stirred', madeAt: now() }),
    bodySchema: madeCreateSchema,
  }),
  app({ id: 'GET /api/me/made', method: 'GET', path: '/api/me/made', caller: 'pro' }),
  app({ id: 'GET /api/me/swaps', method: 'GET', path: '/api/me/swaps', caller: 'pro' }),
  app({
    id: 'PUT /api/me/swaps',
    method: 'PUT',
    path: '/api/me/swaps',
    caller: 'pro',
    body: (ctx) => ({ fromId: someIngredient(ctx), toId: otherIngredient(ctx) }),
    bodySchema: swapSchema,
  }),
  app({
    id: 'DELETE /api/me/swaps',
    method: 'DELETE',
    path: '/api/me/swaps',
    caller: 'pro',
    query: (ctx) => ({ fromId: String(someIngredient(ctx)), toId: String(otherIngredient(ctx)) }),
    querySchema: swapSchema,
  }),
];
