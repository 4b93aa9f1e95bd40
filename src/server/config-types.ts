/** The shapes of the server's settings (what loadConfig in config.ts parses from the environment). */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** A pino level, or 'silent' for no output. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Where the data lives: an SQLite file (or ':memory:') or a PostgreSQL connection string. */
export type DatabaseConfig = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

/** The server's settings, parsed from the environment once at boot. */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  /** TCP port, 0–65535 (0 = any free port). */
  port: number;
  /** Address to listen on: HOST, else {@link defaultHost} (127.0.0.1 outside production, 0.0.0.0 in production). */
  host: string;
  database: DatabaseConfig;
  logLevel: LogLevel;
  /** Version reported by /api/health; package.json's version unless APP_VERSION says otherwise. */
  appVersion: string;
  /**
   * Name of a header set by a trusted reverse proxy that carries the client address (e.g. `x-forwarded-for`), lower-cased;
   * null when the server faces clients directly and must read the socket address.
   */
  trustProxyHeader: string | null;
  /**
   * TRUST_PROXY_HOPS (default 1): how many proxies of the deployment's own append to {@link trustProxyHeader}. The client
   * address is the entry that many places from the right (the one the outermost trusted proxy added); entries to its left
   * were written by the client and are never trusted.
   */
  trustProxyHops: number;
  /**
   * WEB_CONCURRENCY (default 1; 'auto' = the machine's available CPUs): how many server processes `npm start` runs on
   * PORT, node:cluster sharing the listening socket between them. They share state only through the database (and
   * Redis); each holds its own search engine and list items (about 130 + 100 MB at 100,000 cocktails).
   */
  webConcurrency: number;
  /**
   * The app's own origin (APP_URL, default `http://localhost:PORT`), without a trailing slash: the base of every link the
   * server builds (magic links, OAuth redirect URIs) and the only origin trusted for cookie-carrying requests.
   */
  appUrl: string;
  /** Origins allowed to send cookie-carrying requests: APP_URL, plus the 127.0.0.1 spelling when APP_URL was left unset. */
  trustedOrigins: string[];
  /**
   * BETTER_AUTH_SECRET (at least 32 characters). Required in production; null elsewhere when unset (development then keeps
   * one in var/auth-secret, tests use a random one per process; see auth/secret.ts).
   */
  betterAuthSecret: string | null;
  /** Google OAuth client (GOOGLE_CLIENT_ID + GOOGLE_CLIENT_SECRET), or null when not configured. */
  google: OAuthClientConfig | null;
  /** Facebook OAuth client (FACEBOOK_CLIENT_ID + FACEBOOK_CLIENT_SECRET), or null when not configured. */
  facebook: OAuthClientConfig | null;
  /** SMTP_URL (smtp:// or smtps://) for real mail; null sends mail to the dev outbox (mail_outbox table + log). */
  smtpUrl: string | null;
  /** MAIL_FROM: the From header of every email. */
  mailFrom: string;
  /** SUPPORT_EMAIL: where support messages are mailed. */
  supportEmail: string;
  /** DEV_TOOLS=1 (or true) turns the developer tools (mailbox) on outside development. */
  devTools: boolean;
  /**
   * AUTH_TEST_OAUTH_ISSUER: base URL of an OAuth2/OIDC mock server; when set (NODE_ENV=test only) google and facebook sign in
   * against it through better-auth's genericOAuth plugin.
   */
  authTestOAuthIssuer: string | null;
  /**
   * REDIS_URL: the Redis every server process shares (main.ts connects at boot and fails when it cannot): rate-limit
   * counters and better-auth's secondary storage (session cache, verification values, its own rate limits). Null keeps all
   * of that in the database.
   */
  redisUrl: string | null;
  /** REDIS_KEY_PREFIX: prefix of every key the server writes to Redis (default 'barback:'), so deployments can share one. */
  redisKeyPrefix: string;
  /** RevenueCat: the webhook's shared secret, the REST API key and address (payments/). */
  revenueCat: RevenueCatConfig;
  /**
   * The wrapper simulator (payments/wrapper-simulator.ts) is on: WRAPPER_SIMULATOR=1, or development unless
   * WRAPPER_SIMULATOR=0. Never on by default in production.
   */
  wrapperSimulator: boolean;
  /** Where uploaded images live (uploads/storage.ts): S3-compatible storage when {@link UploadsConfig.s3} is set, else `dir`. */
  uploads: UploadsConfig;
}

/** Upload storage settings. */
export interface UploadsConfig {
  /** UPLOADS_DIR: absolute folder of the local image store (default var/uploads; relative paths are from the project root). */
  dir: string;
  /** The S3-compatible bucket (S3_BUCKET with S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY); null keeps images in `dir`. */
  s3: S3Config | null;
}

/** An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, s3rver in tests...). */
export interface S3Config {
  /** S3_ENDPOINT: the service's base URL without a trailing slash, e.g. http://127.0.0.1:9000; null means AWS S3 itself. */
  endpoint: string | null;
  /** S3_REGION (default us-east-1). */
  region: string;
  /** S3_BUCKET. */
  bucket: string;
  /** S3_ACCESS_KEY_ID. */
  accessKeyId: string;
  /** S3_SECRET_ACCESS_KEY. */
  secretAccessKey: string;
  /**
   * S3_FORCE_PATH_STYLE: address the bucket as `endpoint/bucket/key` rather than `bucket.endpoint/key`. Default: on when
   * S3_ENDPOINT is set (MinIO, s3rver and most self-hosted services need it), off for AWS.
   */
  forcePathStyle: boolean;
}

/** RevenueCat settings. */
export interface RevenueCatConfig {
  /**
   * REVENUECAT_WEBHOOK_AUTH: the exact Authorization header RevenueCat sends with each webhook (set in its dashboard).
   * Null: the webhook answers 503 and grants nothing. When the wrapper simulator is on and this is unset, a random value is
   * made per process so the simulator can sign its own webhooks.
   */
  webhookAuth: string | null;
  /** REVENUECAT_API_KEY: secret API key for `GET /v1/subscribers/{id}` (restore reconciliation); null: no reconciliation. */
  apiKey: string | null;
  /** REVENUECAT_API_URL: the REST API's base URL, without a trailing slash (default https://api.revenuecat.com). */
  apiUrl: string;
  /** REVENUECAT_API_TIMEOUT_MS: longest wait for RevenueCat's answer, ms (default 5000). */
  apiTimeoutMs: number;
}

/** An OAuth client registered with a provider. */
export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
}
