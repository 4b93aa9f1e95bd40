/** The auth feature's public surface: better-auth's instance, its routes, provider wiring and the magic-link limits. */
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
