import path from 'node:path';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import type { Kysely } from 'kysely';
import { satisfiesEntitlement } from '@/shared/domain/plans';
import type { ApiErrorCode } from '@/shared/schemas/api-error';
import { accountDataRoutes, accountRoutes } from './account';
import { analyticsRoutes } from './analytics';
import { authHandlerRoutes, createAuth, createSessionReader, sessionRoutes, wellKnownRoutes, type Auth } from './auth';
import { catalogueRoutes, ingredientRoutes, searchRoutes, serveRecipePage, SIGN_IN_FOR_OWN_MESSAGE } from './catalogue';
import { collectionRoutes, ratingsByCocktail, sharedCollectionRoutes } from './collections';
import { ownCocktailDetail, ownRecipePhotoRoutes, ownRecipeRoutes, sharedRecipeRoutes } from './recipes';
import { listFavoriteIds } from './favorites';
import { PROJECT_ROOT, type Config } from './config';
import type { DatabaseDriver, Dialect } from './db/database';
import type { Database } from './db/types';
import { devToolRoutes } from './dev-tools';
import { AppError, errorBody, HTTP_STATUS_BY_CODE, RETRY_AFTER_SECONDS, toErrorResponse } from './errors';
import { healthRoutes } from './health';
import { openApiRoutes } from './openapi';
import { setClientAddressLogger } from './http/client-address';
import { serveClient } from './http/client-static';
import { compression } from './http/compression';
import { RateLimiter } from './http/rate-limit';
import { idempotentWrites } from './http/idempotency';
import { sameOriginGuard } from './http/origin-guard';
import { apiBodyLimit, refuseNulText } from './http/request-guards';
import { writeAgeHeader } from './http/write-age';
import type { Logger } from './logger';
import { redisSecondaryStorage, type RedisHandle } from './redis';
import { createMailer, type Mailer } from './mail';
import { listMakeableIds, myBarRoutes } from './my-bar';
import { seoRoutes } from './seo';
import { serveCocktailImage } from './seo/og-image';
import { serveSharedPages } from './seo/shared-pages';
import { supportRoutes } from './support';
import { createImageStore, guardImageStore, MEDIA_PATH, mediaRoutes, type ImageStore } from './uploads';
import { addPurchasedSeat, publicMenuRoutes, serveMenuPage, venueInvitationRoutes, venueRoutes } from './venues';
import { activeEntitlementsOf, entitlementRequiredMessage, webhookRoutes, wrapperSimulatorRoutes } from './payments';
import { FIRST_PAINT_SCRIPT_HASH } from './http/first-paint-csp';

/**
 * What an app needs: an open database, its dialect and raw driver, the parsed config and a logger; `clientDir` defaults
 * to dist/client. `mailer` and `auth` default to the ones the config describes (main.ts builds them; tests may pass their own).
 */
export interface AppDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The raw driver under `db` (DatabaseHandle.driver): the rate-limit counters' store without Redis. */
  driver: DatabaseDriver;
  config: Config;
  logger: Logger;
  /** Folder of the built client (vite build output). */
  clientDir?: string;
  mailer?: Mailer;
  auth?: Auth;
  /**
   * The Redis connection (REDIS_URL; main.ts opens it): rate-limit counters and, for the default `auth`, better-auth's
   * secondary storage live there. Absent or null: in the database.
   */
  redis?: RedisHandle | null;
  /** Where uploaded photos are kept; default: from `config.uploads` (var/uploads, or S3 when S3_* is set). */
  imageStore?: ImageStore;
}

/** Default location of the client build. */
export const DEFAULT_CLIENT_DIR = path.join(PROJECT_ROOT, 'dist', 'client');

/**
 * Content Security Policy: everything from our own origin; scripts only from files, plus index.html's one inline
 * first-paint script allowed by its SHA-256 (never 'unsafe-inline'); inline styles allowed (Radix and React set style
 * attributes, and the build inlines the stylesheet); images may also be data: or blob: URLs.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", FIRST_PAINT_SCRIPT_HASH],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'self'"],
};

export { RETRY_AFTER_SECONDS };

function codeForStatus(status: number): ApiErrorCode {
  const found = (Object.entries(HTTP_STATUS_BY_CODE) as [ApiErrorCode, number][]).find(([, value]) => value === status);
  if (found) return found[0];
  return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
}

/**
 * Builds the HTTP application: security headers, compression, request logging, the API under /api (health, cocktails,
 * ingredients, events, better-auth at /api/auth, provider sign-in start at /api/session, the user's own data at /api/me
 * (favorites, purchases, My Bar's bar, shopping list, made drinks and swaps, collections, notes, ratings and the export),
 * public share links of collections at /api/collections/shared, RevenueCat's webhook at /api/webhooks/revenuecat, the wrapper simulator at
 * /api/wrapper-sim when it is on, support, developer tools at /api/dev), the public keys of signed tokens at
 * /.well-known/jwks.json, and the built client for every other path. Errors always answer `{"error": {code,
 * message}}` (better-auth's own routes keep better-auth's `{code, message}` except 429): AppError by its code, zod errors
 * 400 naming the field, database outages 503, anything else a bare 500 (details go to the log only). Writes under /api/me
 * take `Idempotency-Key` (a replay answers the first answer without running again) and `Barback-Write-Age` (a queued
 * write older than the stored value answers 409 WRITE_CONFLICT): docs/api.md "Offline writes".
 */
export function createApp(deps: AppDeps): Hono {
  const { db, dialect, driver, config, logger } = deps;
  const mailer = deps.mailer ?? createMailer({ config, db, logger });
  const redis = deps.redis ?? null;
  const auth =
    deps.auth ??
    createAuth({ db, dialect, config, logger, mailer, secondaryStorage: redis && redisSecondaryStorage(redis) });
  const sessions = createSessionReader(auth, db);
  const limiter = new RateLimiter(driver, { redis });
  // A proxy header that names no IP address is logged (throttled) here: rate limits fall back to the socket address.
  setClientAddressLogger(logger);
  const imageStore = deps.imageStore ? guardImageStore(deps.imageStore) : createImageStore(config.uploads);
  const app = new Hono();

  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    const status = c.res.status;
    const entry = {
      method: c.req.method,
      path: c.req.path,
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
    if (status >= 500) logger.warn(entry, 'request failed');
    else logger.info(entry, 'request');
  });
  app.use(
    secureHeaders({
      contentSecurityPolicy: CONTENT_SECURITY_POLICY,
      // Keeps window.opener for the sign-in popup (spec: the callback page closes itself when opened as a popup).
      crossOriginOpenerPolicy: 'same-origin-allow-popups',
    }),
  );
  app.use(compression());

  app.use('/api/*', apiBodyLimit(), refuseNulText());
  app.use('/api/*', sessions.forwardCookies());
  // Writes of the user's own data: a cross-site one is refused before it can claim an Idempotency-Key; the write-age and
  // idempotency headers are checked once here for every /api/me route (http/write-age.ts, http/idempotency.ts).
  app.use(
    '/api/me/*',
    sameOriginGuard(config.trustedOrigins),
    writeAgeHeader(),
    idempotentWrites({ db, sessions, logger }),
  );

  app.route('/api/auth', authHandlerRoutes({ auth, limiter, config, logger, db, sessions }));
  app.route('/api/session', sessionRoutes({ auth, limiter, config, db }));
  app.route('/api/me', accountRoutes({ db, auth, config, logger, sessions, limiter, redis }));
  app.route('/api/me', accountDataRoutes({ db, sessions, trustedOrigins: config.trustedOrigins, imageStore }));
  app.route('/api/me', myBarRoutes({ db, sessions, trustedOrigins: config.trustedOrigins }));
  app.route('/api/me', collectionRoutes({ db, sessions, trustedOrigins: config.trustedOrigins }));
  app.route('/api/collections', sharedCollectionRoutes({ db }));
  const recipePhotos = {
    store: imageStore,
    onOrphan: (keys: string[], error: unknown) =>
      logger.warn({ keys, err: error }, 'stale photo files could not be deleted'),
  };
  app.route(
    '/api/me/recipes',
    ownRecipeRoutes({ db, sessions, trustedOrigins: config.trustedOrigins, photos: recipePhotos }),
  );
  app.route(
    '/api/me/recipes',
    ownRecipePhotoRoutes({ db, sessions, trustedOrigins: config.trustedOrigins, ...recipePhotos }),
  );
  app.route('/api/recipes', sharedRecipeRoutes({ db }));
  app.route(
    '/api/venues',
    venueRoutes({
      db,
      appUrl: config.appUrl,
      auth,
      sessions,
      trustedOrigins: config.trustedOrigins,
      store: imageStore,
      logger,
    }),
  );
  app.route('/api/menus', publicMenuRoutes({ db }));
  app.route(MEDIA_PATH, mediaRoutes({ store: imageStore }));
  app.route(
    '/api/venue-invitations',
    venueInvitationRoutes({ db, auth, sessions, trustedOrigins: config.trustedOrigins }),
  );
  app.route('/api/webhooks/revenuecat', webhookRoutes({ db, config, logger, addSeat: addPurchasedSeat }));
  if (config.wrapperSimulator) {
    const dispatch = (request: Request) => Promise.resolve(app.fetch(request));
    app.route('/api/wrapper-sim', wrapperSimulatorRoutes({ db, config, logger, sessions, dispatch }));
  }
  app.route('/api/support', supportRoutes({ db, mailer, logger, config, sessions, limiter }));
  app.route('/api/dev', devToolRoutes({ db, auth, config, mailer, sessions, limiter }));
  app.route('/api/health', healthRoutes({ db, dialect, version: config.appVersion }));
  app.route('/api', openApiRoutes({ version: config.appVersion }));
  app.route(
    '/api/cocktails',
    catalogueRoutes({
      db,
      isSignedIn: async (c) => (await sessions.read(c)) !== null,
      ratingsOf: async (c) => {
        const session = await sessions.read(c);
        return session ? ratingsByCocktail({ db, userId: session.user.id }) : null;
      },
      ownIds: async (c, kind) => {
        const session = await sessions.read(c);
        if (!session) throw new AppError('UNAUTHORIZED', SIGN_IN_FOR_OWN_MESSAGE);
        const userId = session.user.id;
        if (kind === 'favorites') {
          return new Set(await listFavoriteIds({ db, userId }));
        }
        const entitlements = await activeEntitlementsOf({ db, userId, rows: session.entitlementRows });
        if (!satisfiesEntitlement(entitlements, 'pro')) {
          throw new AppError('ENTITLEMENT_REQUIRED', entitlementRequiredMessage('pro'));
        }
        return new Set((await listMakeableIds({ db, userId })).ids);
      },
      ownCocktail: async (c, id) => {
        const session = await sessions.read(c);
        return session ? ownCocktailDetail({ db, userId: session.user.id, id }) : null;
      },
    }),
  );
  app.route('/.well-known', wellKnownRoutes({ auth, db }));
  app.route('/api/ingredients', ingredientRoutes({ db }));
  app.route('/api/search', searchRoutes({ db }));
  app.route(
    '/api/events',
    analyticsRoutes({
      db,
      userIdOf: async (c) => (await sessions.read(c))?.user.id ?? null,
      trustedOrigins: config.trustedOrigins,
    }),
  );
  app.route('/', seoRoutes({ db, config, logger }));
  app.use(serveMenuPage({ db, clientDir: deps.clientDir ?? DEFAULT_CLIENT_DIR, logger }));
  app.use(serveCocktailImage({ db, clientDir: deps.clientDir ?? DEFAULT_CLIENT_DIR, logger }));
  app.use(serveRecipePage({ db, clientDir: deps.clientDir ?? DEFAULT_CLIENT_DIR, logger, origin: config.appUrl }));
  app.use(serveSharedPages({ db, clientDir: deps.clientDir ?? DEFAULT_CLIENT_DIR, logger, origin: config.appUrl }));
  app.use(serveClient({ clientDir: deps.clientDir ?? DEFAULT_CLIENT_DIR }));

  app.notFound((c) => {
    if (c.req.path === '/api' || c.req.path.startsWith('/api/')) {
      return c.json(errorBody('NOT_FOUND', `no API route ${c.req.method} ${c.req.path}`), 404);
    }
    return c.text('Not found', 404);
  });

  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      const status = error.status;
      const code = codeForStatus(status);
      return c.json(errorBody(code, error.message || error.res?.statusText || 'request failed'), status as 400);
    }
    if (c.req.raw.signal.aborted) {
      // The client went away mid-request (an aborted upload's ECONNRESET is not the database's): nobody reads this.
      logger.info({ method: c.req.method, path: c.req.path }, 'request aborted by the client');
      return c.json(errorBody('BAD_REQUEST', 'request aborted'), 400);
    }
    const { status, body, expected } = toErrorResponse(error);
    if (!expected) {
      const log = status === 503 ? logger.warn.bind(logger) : logger.error.bind(logger);
      log(
        { err: error, method: c.req.method, path: c.req.path },
        status === 503 ? 'database unavailable' : 'unhandled error',
      );
    }
    if (status === 503) c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return c.json(body, status);
  });

  return app;
}
