import { betterAuth, type BetterAuthOptions, type BetterAuthPlugin, type SecondaryStorage } from 'better-auth';
import { APIError, isAPIError } from 'better-auth/api';
import { genericOAuth, magicLink, twoFactor } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Dialect } from '../db/database';
import type { Database } from '../db/types';
import type { Logger } from '../logger';
import type { ProviderMode } from '@/shared/schemas/dev-tools';
import { OAUTH_PROVIDERS, type OAuthProvider } from '@/shared/schemas/session';
import { MailError, magicLinkEmail, type Mailer, type MagicLinkPurpose } from '../mail';
import { entitlementsSessionPlugin } from '../payments';
import { barbackJwtPlugin } from './jwt';
import { magicLinkTokenOptions, type VerificationStore } from './magic-link-tokens';
import { authSchemaOptions } from './schema';
import { recoveryLinkUrl } from './recovery';
import { resolveAuthSecret } from './secret';
import { sessionVersionByToken } from './session-version';
import { recordSignInEvents } from './sign-in-events';
import { barbackSignInPlugin } from './sign-in-plugin';
import { venueOrganizationPlugin } from '../venues';

/** Where better-auth is mounted. */
export const AUTH_BASE_PATH = '/api/auth';
/** Magic links work once and expire after 15 minutes (brief: "links expire in 15 minutes"). */
export const MAGIC_LINK_EXPIRES_SECONDS = 15 * 60;
/** Sessions last 7 days and are extended (to 7 days from now) when used more than a day after the last extension. */
export const SESSION_EXPIRES_SECONDS = 7 * 24 * 60 * 60;
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;
/**
 * How long better-auth's signed session cookie cache answers before the session is read from the database again, s
 * (better-auth's default). Revocation does not wait for it: see sessionCacheVersion and ADR 002.
 */
export const SESSION_CACHE_SECONDS = 5 * 60;
/** better-auth's limit for the /two-factor/* routes per client address: 10 per minute (the plugin's own is 3 per 10 s). */
export const TWO_FACTOR_RATE_LIMIT = { window: 60, max: 10 } as const;
/** Issuer shown in authenticator apps. */
export const TOTP_ISSUER = 'Barback';
/**
 * The header through which the server hands better-auth the client's address (rate limits, session records). The server
 * deletes any copy a client sent and sets it from the socket (or TRUST_PROXY_HEADER); see auth/routes.ts.
 */
export const CLIENT_ADDRESS_HEADER = 'x-barback-client-address';
/** Prefix of every auth cookie (`barback.session_token`, `__Secure-barback.session_token` in production). */
export const COOKIE_PREFIX = 'barback';

/** The sign-in providers, by the id the API and account rows use (src/shared/schemas/session.ts). */
export { OAUTH_PROVIDERS };
export type OAuthProviderId = OAuthProvider;

/** Test configuration: the client the OAuth mock accepts (brief: client id 'barback-test', secret 'barback-test-secret'). */
export const TEST_OAUTH_CLIENT = { clientId: 'barback-test', clientSecret: 'barback-test-secret' } as const;

/** The wiring of `provider` under `config`. AUTH_TEST_OAUTH_ISSUER (NODE_ENV=test only) wins over real clients. */
export function providerMode(config: Config, provider: OAuthProviderId): ProviderMode {
  if (config.nodeEnv === 'test' && config.authTestOAuthIssuer) return 'test';
  return config[provider] ? 'social' : 'off';
}

/** Everything createAuth needs. */
export interface AuthDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  config: Config;
  logger: Logger;
  mailer: Mailer;
  /**
   * better-auth's secondary storage (Redis when REDIS_URL is set: redis/secondary-storage.ts): the read cache of sessions
   * (which stay in the database too), verification values and better-auth's own rate-limit counters. Absent or null:
   * all of it in the database.
   */
  secondaryStorage?: SecondaryStorage | null;
}

/** Per-request data a magic-link send may carry: `purpose` picks the wording ('recovery' for the recovery tool). */
export interface MagicLinkMetadata {
  purpose?: MagicLinkPurpose;
}

/**
 * better-auth's error lines that only echo what a caller sent (`Invalid origin: <header>`, `Invalid callbackURL: <url>`):
 * refusals of the caller's input, so warnings, not faults an operator must chase.
 */
const REFUSAL_MESSAGE = /^Invalid (origin|callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL)\b/;

/** Maps better-auth's log calls onto pino at the same level (its refusals of a caller's input at warn). */
export function authLogger(logger: Logger): NonNullable<BetterAuthOptions['logger']> {
  return {
    level: 'warn',
    log: (level, message, ...args) => {
      const details = args.length > 0 ? { details: args } : {};
      if (level === 'error' && REFUSAL_MESSAGE.test(message)) logger.warn(details, `better-auth: ${message}`);
      else if (level === 'error') logger.error(details, `better-auth: ${message}`);
      else if (level === 'warn') logger.warn(details, `better-auth: ${message}`);
      else logger.debug(details, `better-auth: ${message}`);
    },
  };
}

/**
 * The better-auth configuration of Barback (the plugins and rate-limit storage come from auth/schema.ts, so the tables
 * always match):
 * - Kysely on the project's database (SQLite or PostgreSQL); camelCase tables created by getMigrations;
 * - sessions in HttpOnly, SameSite=Lax cookies prefixed `barback.`, Secure in production; 7 days, extended daily in use;
 * - baseURL = APP_URL; trusted origins = the app's own origin; origin and CSRF checks on in every mode (better-auth would
 *   skip them under NODE_ENV=test by default);
 * - social google/facebook when their clients are configured, or genericOAuth providers `google` and `facebook` against
 *   AUTH_TEST_OAUTH_ISSUER in test configuration; account linking on, google and facebook trusted, never unlinking the
 *   last account;
 * - organization (Enterprise venues: roles, seats, invitations mailed through `mailer`; venues/organization-plugin.ts);
 * - magicLink (15-minute single-use links mailed through `mailer`; tokens stored hashed, and a new link ends the email's
 *   earlier ones: auth/magic-link-tokens.ts), twoFactor (TOTP + backup codes, issuer 'Barback',
 *   passwordless enrolment allowed), Barback's sign-in plugin (two-factor after magic links and OAuth, magic-link accounts);
 * - with `secondaryStorage` (Redis): sessions cached there (and kept in the database), verification values and rate limits
 *   there; without it, all in the database;
 * - rate limits keyed by {@link CLIENT_ADDRESS_HEADER}; the routes the server limits itself
 *   (auth/routes.ts) are switched off here so they are not counted twice; only the endpoints in auth/served-routes.ts
 *   are served over HTTP;
 * - sign-ins recorded as registration/login analytics events;
 * - the browser's session read carries the user's active entitlements and plan (payments/session-plugin.ts);
 * - jwt: `GET /api/auth/token` gives the signed-in user a 15-minute JWT, `GET /api/auth/jwks` publishes the rotated public
 *   keys (auth/jwt.ts); the API accepts the token as a bearer token (http/bearer.ts).
 */
export function buildAuthOptions(deps: AuthDeps, verificationStore: () => Promise<VerificationStore>) {
  const { config, db, dialect, logger, mailer } = deps;
  const secondaryStorage = deps.secondaryStorage ?? undefined;
  const schema = authSchemaOptions();
  const testIssuer = config.nodeEnv === 'test' ? config.authTestOAuthIssuer : null;
  const sessionVersion = sessionVersionByToken(db);
  const socialProviders: BetterAuthOptions['socialProviders'] = {};
  if (!testIssuer && config.google) socialProviders.google = { ...config.google };
  if (!testIssuer && config.facebook) socialProviders.facebook = { ...config.facebook };

  const corePlugins: [
    ReturnType<typeof magicLink>,
    ReturnType<typeof twoFactor>,
    ReturnType<typeof venueOrganizationPlugin>,
    ReturnType<typeof barbackJwtPlugin>,
  ] = [
    magicLink({
      expiresIn: MAGIC_LINK_EXPIRES_SECONDS,
      ...magicLinkTokenOptions(verificationStore, MAGIC_LINK_EXPIRES_SECONDS),
      sendMagicLink: async ({ email, url, token, metadata }) => {
        const purpose = (metadata as MagicLinkMetadata | undefined)?.purpose === 'recovery' ? 'recovery' : 'sign-in';
        // A recovery link lands on the app in recovery mode, its token in the fragment (auth/recovery.ts).
        const link = purpose === 'recovery' ? recoveryLinkUrl(config.appUrl, token) : url;
        try {
          await mailer.send(
            magicLinkEmail({ to: email, url: link, expiresInMinutes: MAGIC_LINK_EXPIRES_SECONDS / 60, purpose }),
          );
        } catch (error) {
          if (!(error instanceof MailError)) throw error;
          logger.warn({ err: error }, 'could not send a sign-in link');
          throw APIError.from('BAD_GATEWAY', { code: 'MAIL_FAILED', message: error.message });
        }
      },
    }),
    twoFactor({ issuer: TOTP_ISSUER, allowPasswordless: true }),
    venueOrganizationPlugin({ db, mailer, appUrl: config.appUrl, logger }),
    barbackJwtPlugin({ db, appUrl: config.appUrl }),
  ];
  const extraPlugins: BetterAuthPlugin[] = [barbackSignInPlugin(), entitlementsSessionPlugin(db)];
  if (testIssuer) {
    const discoveryUrl = `${testIssuer}/.well-known/openid-configuration`;
    extraPlugins.push(
      genericOAuth({
        config: OAUTH_PROVIDERS.map((providerId) => ({
          providerId,
          name: providerId === 'google' ? 'Google' : 'Facebook',
          discoveryUrl,
          ...TEST_OAUTH_CLIENT,
          scopes: ['openid', 'email', 'profile'],
        })),
      }),
    );
  }
  // auth.api's types come from the plugin tuple; the extra plugins add no endpoint the server calls by name.
  const plugins = [...corePlugins, ...extraPlugins] as unknown as typeof corePlugins;
  // Keep the schema plugins' order and ids: the ones above replace the schema-only instances one for one.
  const pluginIds = (list: readonly { id: string }[]) => list.map((plugin) => plugin.id).join(',');
  if (pluginIds(schema.plugins ?? []) !== pluginIds(corePlugins)) {
    throw new Error('auth/schema.ts and auth/auth.ts disagree on the plugin set');
  }

  return {
    appName: 'Barback',
    baseURL: config.appUrl,
    basePath: AUTH_BASE_PATH,
    secret: resolveAuthSecret(config),
    database: { db, type: dialect },
    secondaryStorage,
    trustedOrigins: config.trustedOrigins,
    // With secondary storage, sessions are written to both and read from it first: the database keeps the durable copy.
    session: {
      expiresIn: SESSION_EXPIRES_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      storeSessionInDatabase: true,
      // A signed copy of the session in a cookie answers reads without better-auth's queries; its version is checked
      // against the session row on every read, so a revoked session ends at once (auth/session-version.ts, ADR 002).
      cookieCache: {
        enabled: true,
        maxAge: SESSION_CACHE_SECONDS,
        strategy: 'compact',
        version: (session) => sessionVersion(session.token),
      },
    },
    // Verification identifiers (magic-link tokens, OAuth state, pending two-factor challenges) are kept as SHA-256
    // hashes: a copy of the database or Redis holds nothing a browser could present.
    verification: { storeIdentifier: 'hashed' },
    account: {
      accountLinking: { enabled: true, trustedProviders: [...OAUTH_PROVIDERS], allowUnlinkingAll: false },
    },
    socialProviders,
    plugins,
    rateLimit: {
      ...schema.rateLimit,
      storage: secondaryStorage ? 'secondary-storage' : schema.rateLimit?.storage,
      enabled: true,
      customRules: {
        // Counted by the server's own limiter, per address and per email (auth/routes.ts), and provider starts by
        // POST /api/session/oauth (better-auth's own start routes are not served: auth/served-routes.ts).
        '/sign-in/magic-link': false,
        '/sign-in/social': false,
        '/link-social': false,
        // Enrolment and a sign-in take 3–4 calls here within seconds; guessing codes is also capped per challenge (5)
        // and per account (10 failures lock it for 15 minutes) by the twoFactor plugin.
        '/two-factor/*': TWO_FACTOR_RATE_LIMIT,
        // Reading one's own session guesses nothing (the token is 256 bits) and /api/me is not limited either; counting
        // it would write a row per page load and refuse a venue's staff behind one address.
        '/get-session': false,
      },
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: config.nodeEnv === 'production',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      disableCSRFCheck: false,
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    databaseHooks: {
      session: { create: { after: recordSignInEvents({ db, logger }) } },
    },
    logger: authLogger(logger),
    onAPIError: {
      // Refusals (4xx) are expected traffic: debug only. Anything else is a fault worth an error line.
      onError: (error) => {
        const status = isAPIError(error) ? error.statusCode : 500;
        if (status >= 500) logger.error({ err: error }, 'better-auth request failed');
        else logger.debug({ status, message: (error as Error).message }, 'better-auth refused a request');
      },
    },
    telemetry: { enabled: false },
    // No OpenTelemetry spans: Barback does not trace, and each span would still cost its context propagation.
    experimental: { instrumentation: { enabled: false } },
  } satisfies BetterAuthOptions;
}

/** Builds Barback's better-auth instance (see {@link buildAuthOptions}); its context initialises in the background. */
export function createAuth(deps: AuthDeps) {
  let context: (() => Promise<{ internalAdapter: VerificationStore }>) | null = null;
  const verificationStore = async () => {
    if (!context) throw new Error('better-auth is not built yet');
    return (await context()).internalAdapter;
  };
  const auth = betterAuth(buildAuthOptions(deps, verificationStore));
  context = () => auth.$context;
  return auth;
}

/** The better-auth instance the server runs. */
export type Auth = ReturnType<typeof createAuth>;
