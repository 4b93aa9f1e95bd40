import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import {
  cocktailIdParamSchema,
  cocktailListQuerySchema,
  cocktailSampleQuerySchema,
  type CocktailListQuery,
} from '@/shared/schemas/cocktail';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { LruCache } from '../lib/lru-cache';
import { getCatalogueVersion } from './catalogue-version';
import { getCocktail, listCocktails, listQueryKey, normaliseListQuery, sampleCocktails } from './operations';

/** Most serialised responses kept in memory per app. */
export const RESPONSE_CACHE_ENTRIES = 500;
/** Most bytes of serialised responses kept in memory per app (32 MB). */
export const RESPONSE_CACHE_BYTES = 32 * 1024 * 1024;

/** The catalogue changes only when re-seeded, so clients may keep answers but must revalidate them (cheap 304s). */
const CACHE_CONTROL = 'public, no-cache';
/** Pages past the first are for signed-in users only, so shared caches must not keep them. */
const PRIVATE_CACHE_CONTROL = 'private, no-cache';

/** The 401 message for an anonymous caller asking for a page past the first. */
export const SIGN_IN_TO_PAGE_MESSAGE = 'Sign in to browse past the first page.';
const JSON_TYPE = 'application/json; charset=utf-8';

/** A serialised answer: its ETag and its UTF-8 bytes (kept encoded, so a cache hit costs no serialisation). */
interface CachedAnswer {
  etag: string;
  body: Uint8Array;
}

/** A weak ETag naming the catalogue version and the canonical request, so it is known before any query runs. */
function etagFor(version: string, key: string): string {
  return `W/"${version}-${createHash('sha1').update(key).digest('base64url').slice(0, 16)}"`;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

const encoder = new TextEncoder();

/**
 * The catalogue's HTTP routes (mounted at /api/cocktails): list, random sample, detail. Thin: parse with zod, call one
 * operation, serialise. List and detail answers are cached in memory (bounded LRU keyed by the request URL, cleared when
 * the catalogue version changes), carry an ETag derived from the version and the canonical request (so equivalent
 * spellings share it) and answer 304 to a matching If-None-Match.
 *
 * Paging past the first page (page > 0) needs a signed-in caller (`isSignedIn`, default: nobody): anonymous callers get
 * 401 UNAUTHORIZED before the cache is consulted, and such pages are marked `private`.
 */
export function catalogueRoutes({
  db,
  isSignedIn = async () => false,
}: {
  db: Kysely<Database>;
  isSignedIn?: (c: Context) => Promise<boolean>;
}): Hono {
  const routes = new Hono();
  const cache = new LruCache<string, CachedAnswer>(
    RESPONSE_CACHE_ENTRIES,
    RESPONSE_CACHE_BYTES,
    (entry) => entry.body.byteLength + 200,
  );
  let cacheVersion = '';

  /**
   * Answers from the cache (or 304) when possible; otherwise `canonicalKey` names the request, and `produce` computes it.
   * `canonicalKey` throws for invalid input, before anything is cached.
   */
  async function cachedJson(
    c: Context,
    canonicalKey: () => string,
    produce: () => Promise<unknown>,
    cacheControl = CACHE_CONTROL,
  ): Promise<Response> {
    const version = await getCatalogueVersion(db);
    if (version !== cacheVersion) {
      cache.clear();
      cacheVersion = version;
    }
    const urlKey = c.req.url;
    let entry = cache.get(urlKey);
    if (!entry) {
      const etag = etagFor(version, canonicalKey());
      if (matchesEtag(c.req.header('if-none-match'), etag))
        return c.body(null, 304, { ETag: etag, 'Cache-Control': cacheControl });
      entry = { etag, body: encoder.encode(JSON.stringify(await produce())) };
      if (version === cacheVersion) cache.set(urlKey, entry);
    }
    const headers = { ETag: entry.etag, 'Cache-Control': cacheControl, Vary: 'Accept-Encoding' };
    if (matchesEtag(c.req.header('if-none-match'), entry.etag)) return c.body(null, 304, headers);
    return c.body(entry.body as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Type': JSON_TYPE });
  }

  routes.get('/', async (c) => {
    let query: CocktailListQuery | undefined;
    const parse = () =>
      (query ??= normaliseListQuery(
        cocktailListQuerySchema.parse({
          q: c.req.query('q'),
          page: c.req.query('page'),
          pageSize: c.req.query('pageSize'),
          spirit: c.req.queries('spirit') ?? [],
          category: c.req.queries('category') ?? [],
        }),
      ));
    // The auth check comes before the cache: a cached page 2 must never reach an anonymous caller.
    const rawPage = c.req.query('page');
    const pastFirst = rawPage !== undefined && rawPage.trim() !== '' && parse().page > 0;
    if (pastFirst && !(await isSignedIn(c))) throw new AppError('UNAUTHORIZED', SIGN_IN_TO_PAGE_MESSAGE);
    return cachedJson(
      c,
      () => `list:${listQueryKey(parse())}`,
      () => listCocktails({ db, query: parse() }),
      pastFirst ? PRIVATE_CACHE_CONTROL : CACHE_CONTROL,
    );
  });

  routes.get('/sample', async (c) => {
    const { size } = cocktailSampleQuerySchema.parse({ size: c.req.query('size') });
    const sample = await sampleCocktails({ db, size });
    return c.json(sample, 200, { 'Cache-Control': 'no-store' });
  });

  routes.get('/:id', async (c) => {
    const { id } = cocktailIdParamSchema.parse({ id: c.req.param('id') });
    return cachedJson(
      c,
      () => `detail:${id}`,
      () => getCocktail({ db, id }),
    );
  });

  return routes;
}
