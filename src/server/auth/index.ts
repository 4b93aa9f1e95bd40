/**
 * The auth feature's public surface: better-auth's instance, its routes, provider wiring, the magic-link limits, the
 * session reader every route signs requests in with, and the JWKS reader.
 */
export {
  createAuth,
  providerMode,
  AUTH_BASE_PATH,
  CLIENT_ADDRESS_HEADER,
  OAUTH_PROVIDERS,
  type Auth,
  type MagicLinkMetadata,
  type OAuthProviderId,
} from './auth';
export { authHandlerRoutes, magicLinkBuckets, recoveryEmailHandler, sessionRoutes } from './routes';
export { migrateAuthTables } from './schema';
export { wellKnownRoutes } from './well-known';
export { RECOVERY_ANSWER_MS, recoveryLinkUrl, sendRecoveryEmail } from './recovery';
export { createSessionReader, expiredSessionCookies, SIGN_IN_REQUIRED_MESSAGE } from './session-reader';
export type { CurrentSession, SessionReader } from '../http/current-session';
export { publishedJwks } from './jwks';
export { assertDatabaseAnswers, SESSION_STORE_UNAVAILABLE_MESSAGE } from './store-outage';
