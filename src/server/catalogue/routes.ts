import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import { isPersonalOrder } from '@/shared/domain/rating-order';
import { cocktailIdParamSchema, cocktailSlugParamSchema } from '@/shared/schemas/cocktail';
import { cocktailListQuerySchema, cocktailSampleQuerySchema } from '@/shared/schemas/cocktail-query';
import { ingredientListQuerySchema } from '@/shared/schemas/ingredient';
import { suggestionQuerySchema } from '@/shared/schemas/search';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import {
  cacheableJson,
  cacheableJsonText,
  matchesEtag,
  PRIVATE_REVALIDATE,
  PUBLIC_REVALIDATE,
  responseCache,
  type ResponseCacheVariables,
} from '../http/response-cache';
import { validate } from '../http/validate';
import { getCatalogueVersion } from './catalogue-version';
import { listCocktailsJson, type OwnIdsReader, type RatingsReader } from './list-operations';
import { getOfflineIndex } from './offline-index';
import { getCocktail, getCocktailBySlug, listIngredients, sampleCocktails } from './operations';
import { suggest } from './search/suggestions';

/** Why a signed-out caller gets no offline index: the whole catalogue past its first page is for members. */
export const SIGN_IN_FOR_OFFLINE_MESSAGE = 'Sign in to keep the catalogue for offline use.';

/** Most serialised responses kept in memory per app. */
export const RESPONSE_CACHE_ENTRIES = 500;
/** Most bytes of serialised responses kept in memory per app (32 MB). */
export const RESPONSE_CACHE_BYTES = 32 * 1024 * 1024;
/**
 * Most ingredient-list answers kept in memory per app: one per distinct URL (the whole list, each category shelf, each
 * type-ahead query typed recently). Answers are small (the whole list is about 60 kB, a type-ahead answer a few kB).
 */
export const INGREDIENT_CACHE_ENTRIES = 1000;
/** Most bytes of ingredient-list answers kept in memory per app (8 MB). */
export const INGREDIENT_CACHE_BYTES = 8 * 1024 * 1024;

/**
 * The catalogue's HTTP routes (mounted at /api/cocktails): list, random sample, detail. Thin: validate with the shared
 * schemas, call one operation, answer. List and detail go through {@link responseCache} (the catalogue version read once
 * per request, ETag / 304, public answers kept in memory until the catalogue changes); pages past the first are for
 * members (the rule lives in `listCocktails`; `isSignedIn` tells it, default: nobody) and are answered `private`. A list
 * in the caller's own order (`sort=my-ratings|rated-first`, `minRating`) reads their ratings through `ratingsOf` (null:
 * signed out, 401) and is answered `private` too, so the shared cache never keeps it; so is a list of the caller's own
 * cocktails (`favorites=1`, `canMake=1`), whose ids `ownIds` reads (it throws 401 signed out, 403 without My Bar's plan).
 * `GET /offline-index` answers every card for offline use (offline-index.ts), to members only (401 signed out), with
 * the catalogue version as its ETag (304 when unchanged).
 * The detail of an id the public catalogue does not hold is asked of `ownCocktail` (a user's own recipe, for its owner
 * only) and answered `private, no-store`; without it, or when it answers null, the public 404 stands.
 */
export function catalogueRoutes({
  db,
  isSignedIn = async () => false,
  ratingsOf = async () => null,
  ownIds,
  ownCocktail,
}: {
  db: Kysely<Database>;
  /** The caller's own recipe of this id in the detail shape, or null (signed out, not theirs, none). */
  ownCocktail?: (c: Context, id: number) => Promise<unknown>;
  isSignedIn?: (c: Context) => Promise<boolean>;
  /** The caller's ratings by cocktail id, or null when signed out (default: nobody is signed in). */
  ratingsOf?: (c: Context) => ReturnType<RatingsReader>;
  /** The caller's favorites or makeable cocktail ids (default: listCocktails' own, 401 for everyone). */
  ownIds?: (c: Context, kind: Parameters<OwnIdsReader>[0]) => ReturnType<OwnIdsReader>;
}): Hono<{ Variables: ResponseCacheVariables }> {
  const routes = new Hono<{ Variables: ResponseCacheVariables }>();
  const cached = responseCache({
    version: () => getCatalogueVersion(db),
    maxEntries: RESPONSE_CACHE_ENTRIES,
    maxBytes: RESPONSE_CACHE_BYTES,
  });

  routes.get('/sample', validate('query', cocktailSampleQuerySchema), async (c) => {
    const sample = await sampleCocktails({ db, size: c.req.valid('query').size });
    return c.json(sample, 200, { 'Cache-Control': 'no-store' });
  });

  routes.get('/', cached, validate('query', cocktailListQuerySchema), async (c) => {
    const page = await listCocktailsJson({
      db,
      query: c.req.valid('query'),
      version: c.var.contentVersion,
      isSignedIn: () => isSignedIn(c),
      ratingsOf: () => ratingsOf(c),
      ...(ownIds ? { ownIds: (kind: Parameters<OwnIdsReader>[0]) => ownIds(c, kind) } : {}),
    });
    const query = c.req.valid('query');
    const shared = query.page === 0 && !isPersonalOrder(query) && !query.favorites && !query.canMake;
    return cacheableJsonText(c, page, shared ? PUBLIC_REVALIDATE : PRIVATE_REVALIDATE);
  });

  routes.get('/offline-index', async (c) => {
    if (!(await isSignedIn(c))) throw new AppError('UNAUTHORIZED', SIGN_IN_FOR_OFFLINE_MESSAGE);
    const index = await getOfflineIndex(db);
    const headers = { ETag: index.etag, 'Cache-Control': PRIVATE_REVALIDATE, Vary: 'Accept-Encoding' };
    if (matchesEtag(c.req.header('if-none-match'), index.etag)) return c.body(null, 304, headers);
    return c.body(index.json, 200, { ...headers, 'Content-Type': 'application/json; charset=utf-8' });
  });

  routes.get('/by-slug/:slug', cached, validate('param', cocktailSlugParamSchema), async (c) => {
    return cacheableJson(c, await getCocktailBySlug({ db, slug: c.req.valid('param').slug }), PUBLIC_REVALIDATE);
  });

  routes.get('/:id', cached, validate('param', cocktailIdParamSchema), async (c) => {
    const id = c.req.valid('param').id;
    try {
      return cacheableJson(c, await getCocktail({ db, id }), PUBLIC_REVALIDATE);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'NOT_FOUND' || !ownCocktail) throw error;
      const own = await ownCocktail(c, id);
      if (own === null) throw error;
      return c.json(own, 200, { 'Cache-Control': 'private, no-store' });
    }
  });

  return routes;
}

/**
 * The catalogue's ingredient routes (mounted at /api/ingredients): `GET /?q=&category=` -> 200 IngredientList (public,
 * read-only; see `listIngredients`); unknown query parameters are ignored; 400 VALIDATION_FAILED for a `q` over 80
 * characters or an unknown category. Goes through its own {@link responseCache} keyed by the catalogue version, as the
 * cocktail list does: ETag / 304, answered `public, no-cache`, kept in memory until the catalogue changes.
 */
export function ingredientRoutes({ db }: { db: Kysely<Database> }): Hono<{ Variables: ResponseCacheVariables }> {
  const routes = new Hono<{ Variables: ResponseCacheVariables }>();
  const cached = responseCache({
    version: () => getCatalogueVersion(db),
    maxEntries: INGREDIENT_CACHE_ENTRIES,
    maxBytes: INGREDIENT_CACHE_BYTES,
  });

  routes.get('/', cached, validate('query', ingredientListQuerySchema), async (c) => {
    const list = await listIngredients({ db, query: c.req.valid('query') });
    return cacheableJson(c, list, PUBLIC_REVALIDATE);
  });

  return routes;
}

/** Most suggestion answers kept in memory per app (one per distinct text typed recently; each is under 2 kB). */
export const SUGGESTION_CACHE_ENTRIES = 5000;
/** Most bytes of suggestion answers kept in memory per app (8 MB). */
export const SUGGESTION_CACHE_BYTES = 8 * 1024 * 1024;

/**
 * The search's own routes (mounted at /api/search): `GET /suggestions?q=` -> 200 SuggestionList (public, read-only; see
 * `suggest`): the cocktails and ingredients the text typed so far points to, for the search box's combobox. 400
 * VALIDATION_FAILED for a `q` over 200 characters. Through its own {@link responseCache}: ETag / 304, `public, no-cache`,
 * kept until the catalogue changes.
 */
export function searchRoutes({ db }: { db: Kysely<Database> }): Hono<{ Variables: ResponseCacheVariables }> {
  const routes = new Hono<{ Variables: ResponseCacheVariables }>();
  const cached = responseCache({
    version: () => getCatalogueVersion(db),
    maxEntries: SUGGESTION_CACHE_ENTRIES,
    maxBytes: SUGGESTION_CACHE_BYTES,
  });

  routes.get('/suggestions', cached, validate('query', suggestionQuerySchema), async (c) => {
    const list = await suggest({ db, q: c.req.valid('query').q });
    return cacheableJson(c, list, PUBLIC_REVALIDATE);
  });

  return routes;
}
