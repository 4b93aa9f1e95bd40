/** The route table's catalogue, analytics, sign-in start and account routes (cocktails, search, events, /api/me). */
import { deleteAccountRequestSchema, sessionIdParamSchema } from '@/shared/schemas/account';
import { analyticsBatchSchema } from '@/shared/schemas/analytics';
import { cocktailIdParamSchema, cocktailSlugParamSchema } from '@/shared/schemas/cocktail';
import { cocktailListQuerySchema, cocktailSampleQuerySchema } from '@/shared/schemas/cocktail-query';
import { favoriteListQuerySchema, favoriteParamSchema } from '@/shared/schemas/favorites';
import { ingredientListQuerySchema } from '@/shared/schemas/ingredient';
import { suggestionQuerySchema } from '@/shared/schemas/search';
import { oauthProviderParamSchema, oauthStartSchema } from '@/shared/schemas/session';
import type { RouteSpec } from './types';
import { now, someCocktail, otherCocktail, app } from './shared';

export const CATALOGUE_ACCOUNT_ROUTES: readonly RouteSpec[] = [
  // --- The server's own routes (src/server/app.ts).
  app({ id: 'GET /api/health', method: 'GET', path: '/api/health', caller: 'anyone' }),
  app({
    id: 'GET /api/cocktails',
    method: 'GET',
    path: '/api/cocktails',
    caller: 'anyone',
    weight: 2,
    query: () => ({ q: 'gin', page: '0', pageSize: '12', spirit: ['Gin'], category: ['Classic'] }),
    querySchema: cocktailListQuerySchema,
  }),
  app({
    // The same route in the caller's own order (their ratings): signed in only, answered privately.
    id: 'GET /api/cocktails (my ratings)',
    method: 'GET',
    path: '/api/cocktails',
    caller: 'user',
    query: () => ({ q: 'gin', page: '0', pageSize: '12', sort: 'my-ratings', minRating: '0.5' }),
    querySchema: cocktailListQuerySchema,
  }),
  app({
    // The search's facets and counts, with a typo'd text.
    id: 'GET /api/cocktails (facets)',
    method: 'GET',
    path: '/api/cocktails',
    caller: 'anyone',
    query: () => ({
      q: 'negorni',
      facets: '1',
      glass: ['Rocks', 'Coupe'],
      technique: ['Stir'],
      strength: ['Strong'],
      difficulty: ['Easy'],
      flavor: ['Bitter'],
      season: ['Winter'],
      occasion: ['Aperitif'],
      with: ['1'],
      without: ['2'],
      maxPrep: '5',
    }),
    querySchema: cocktailListQuerySchema,
  }),
  app({
    // The caller's own cocktails: favorites and (with My Bar's plan) what their bar makes.
    id: 'GET /api/cocktails (favorites, can make)',
    method: 'GET',
    path: '/api/cocktails',
    caller: 'user',
    query: () => ({ q: 'gin', favorites: '1', canMake: '1' }),
    querySchema: cocktailListQuerySchema,
  }),
  app({
    id: 'GET /api/search/suggestions',
    method: 'GET',
    path: '/api/search/suggestions',
    caller: 'anyone',
    weight: 2,
    query: () => ({ q: 'old fashoined' }),
    querySchema: suggestionQuerySchema,
  }),
  app({
    id: 'GET /api/cocktails/sample',
    method: 'GET',
    path: '/api/cocktails/sample',
    caller: 'anyone',
    query: () => ({ size: '5' }),
    querySchema: cocktailSampleQuerySchema,
  }),
  app({
    id: 'GET /api/cocktails/offline-index',
    method: 'GET',
    path: '/api/cocktails/offline-index',
    caller: 'user',
  }),
  app({
    id: 'GET /api/cocktails/by-slug/:slug',
    method: 'GET',
    path: '/api/cocktails/by-slug/:slug',
    caller: 'anyone',
    params: { slug: { valid: () => 'negroni', schema: cocktailSlugParamSchema.shape.slug } },
  }),
  app({
    id: 'GET /api/cocktails/:id',
    method: 'GET',
    path: '/api/cocktails/:id',
    caller: 'anyone',
    params: { id: { valid: someCocktail, schema: cocktailIdParamSchema.shape.id } },
  }),
  app({
    id: 'GET /api/ingredients',
    method: 'GET',
    path: '/api/ingredients',
    caller: 'anyone',
    query: () => ({ q: 'gin', category: 'Spirits' }),
    querySchema: ingredientListQuerySchema,
  }),
  app({
    id: 'POST /api/events',
    method: 'POST',
    path: '/api/events',
    caller: 'anyone',
    weight: 2,
    body: () => ({
      events: [
        { type: 'page_view', timestamp: now(), userId: null, plan: 'free', props: { path: '/', ms: 12 } },
        { type: 'search_performed', timestamp: now(), props: { q: 'gin' } },
      ],
    }),
    bodySchema: analyticsBatchSchema,
  }),
  app({ id: 'GET /api/session/providers', method: 'GET', path: '/api/session/providers', caller: 'anyone' }),
  app({
    id: 'POST /api/session/oauth/:provider',
    method: 'POST',
    path: '/api/session/oauth/:provider',
    caller: 'anyone',
    params: { provider: { valid: () => 'google', schema: oauthProviderParamSchema.shape.provider } },
    body: () => ({ callbackURL: '/auth/callback', prompt: 'select_account', scopes: ['email'], link: false }),
    bodySchema: oauthStartSchema,
  }),
  app({ id: 'GET /api/me', method: 'GET', path: '/api/me', caller: 'user' }),
  app({
    id: 'DELETE /api/me',
    method: 'DELETE',
    path: '/api/me',
    caller: 'user',
    weight: 0.5,
    body: () => ({ confirm: 'DELETE' }),
    bodySchema: deleteAccountRequestSchema,
  }),
  app({ id: 'GET /api/me/activity', method: 'GET', path: '/api/me/activity', caller: 'user' }),
  app({ id: 'GET /api/me/sessions', method: 'GET', path: '/api/me/sessions', caller: 'user' }),
  app({
    id: 'POST /api/me/sessions/revoke-others',
    method: 'POST',
    path: '/api/me/sessions/revoke-others',
    caller: 'user',
    weight: 0.5,
  }),
  // Aimed at A's session: the only answer B may get is 404, and A stays signed in.
  app({
    id: 'DELETE /api/me/sessions/:id',
    method: 'DELETE',
    path: '/api/me/sessions/:id',
    caller: 'user',
    params: { id: { valid: (ctx) => ctx.victim.sessionId, schema: sessionIdParamSchema.shape.id } },
  }),
  app({
    id: 'GET /api/me/favorites',
    method: 'GET',
    path: '/api/me/favorites',
    caller: 'user',
    query: () => ({ page: '1' }),
    querySchema: favoriteListQuerySchema,
  }),
  app({
    id: 'PUT /api/me/favorites/:cocktailId',
    method: 'PUT',
    path: '/api/me/favorites/:cocktailId',
    caller: 'user',
    weight: 1.5,
    params: { cocktailId: { valid: someCocktail, schema: favoriteParamSchema.shape.cocktailId } },
  }),
  app({
    id: 'DELETE /api/me/favorites/:cocktailId',
    method: 'DELETE',
    path: '/api/me/favorites/:cocktailId',
    caller: 'user',
    weight: 1.5,
    params: { cocktailId: { valid: otherCocktail, schema: favoriteParamSchema.shape.cocktailId } },
  }),
  app({ id: 'POST /api/me/purchases/sync', method: 'POST', path: '/api/me/purchases/sync', caller: 'user' }),
];
