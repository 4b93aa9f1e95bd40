import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { LOG_LEVELS, type Config, type DatabaseConfig, type OAuthClientConfig, type S3Config } from './config-types';

/** Absolute path of the project root (the folder holding package.json). */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the SQLite file lives when DATABASE_URL is unset. */
export const DEFAULT_SQLITE_FILE = path.join(PROJECT_ROOT, 'var', 'barback.sqlite');

/** Where uploaded images are kept when UPLOADS_DIR is unset and no S3 bucket is configured. */
export const DEFAULT_UPLOADS_DIR = path.join(PROJECT_ROOT, 'var', 'uploads');

/** S3_REGION when unset: AWS's default region; most S3-compatible services ignore the region or accept this one. */
export const DEFAULT_S3_REGION = 'us-east-1';

export type {
  Config,
  DatabaseConfig,
  LogLevel,
  OAuthClientConfig,
  RevenueCatConfig,
  S3Config,
  UploadsConfig,
} from './config-types';

/** RevenueCat's REST API (v1). */
export const DEFAULT_REVENUECAT_API_URL = 'https://api.revenuecat.com';
/** Longest wait for RevenueCat's REST API by default, ms. */
export const DEFAULT_REVENUECAT_API_TIMEOUT_MS = 5000;

/** Thrown by {@link loadConfig} when one or more variables are invalid; `problems` lists each as "NAME: reason". */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Empty strings count as unset, so `PORT=` in a .env file means "use the default". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema);

/**
 * Reads DATABASE_URL: unset -> the default SQLite file; `postgres://` or `postgresql://` -> PostgreSQL;
 * `sqlite:<path>` (also `sqlite://<path>`), `file:<path>`, `:memory:` or a bare file path -> SQLite. Relative paths are
 * resolved from the project root. Any other `scheme://` is rejected.
 */
export function parseDatabaseUrl(value: string | undefined): DatabaseConfig {
  const raw = value?.trim() ?? '';
  if (raw === '') return { dialect: 'sqlite', file: DEFAULT_SQLITE_FILE };
  if (/^postgres(ql)?:\/\//i.test(raw)) return { dialect: 'postgres', url: raw };
  let file = raw;
  const prefixed = /^(sqlite|file):(\/\/)?(.*)$/i.exec(raw);
  if (prefixed) file = prefixed[3] ?? '';
  else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
    throw new Error('must be postgres://..., sqlite:<path> or a file path');
  }
  if (file === '') throw new Error('names no SQLite file');
  if (file === ':memory:') return { dialect: 'sqlite', file };
  return { dialect: 'sqlite', file: path.resolve(PROJECT_ROOT, file) };
}

/** Default From header of every email. */
export const DEFAULT_MAIL_FROM = 'Barback <no-reply@barback.app>';
/** Default address support messages are mailed to. */
export const DEFAULT_SUPPORT_EMAIL = 'support@barback.app';
/** Default prefix of every Redis key the server writes (REDIS_KEY_PREFIX). */
export const DEFAULT_REDIS_KEY_PREFIX = 'barback:';

/** An absolute http(s) URL, kept as its origin-and-path string without a trailing slash. */
const httpUrl = z
  .string()
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an absolute http:// or https:// URL')
  .transform((value) => value.replace(/\/+$/, ''));

const envSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test']).default('development')),
  PORT: optional(
    z.coerce
      .number()
      .int('must be a whole number')
      .min(0, 'must be 0-65535')
      .max(65535, 'must be 0-65535')
      .default(3000),
  ),
  HOST: optional(z.string().min(1, 'must be an address such as 127.0.0.1 or 0.0.0.0').optional()),
  DATABASE_URL: optional(
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        try {
          return parseDatabaseUrl(value);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message });
          return z.NEVER;
        }
      }),
  ),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info')),
  APP_VERSION: optional(z.string().optional()),
  TRUST_PROXY_HEADER: optional(
    z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, 'must be a header name such as x-forwarded-for')
      .transform((name) => name.toLowerCase())
      .optional(),
  ),
  TRUST_PROXY_HOPS: optional(
    z.coerce.number().int('must be a whole number').min(1, 'must be 1-10').max(10, 'must be 1-10').default(1),
  ),
  WEB_CONCURRENCY: optional(
    z
      .string()
      .default('1')
      .transform((value, ctx) => {
        if (value === 'auto') return os.availableParallelism();
        const count = Number(value);
        if (!/^\d+$/.test(value) || count < 1 || count > 64) {
          ctx.addIssue({ code: 'custom', message: 'must be a whole number 1-64, or auto' });
          return z.NEVER;
        }
        return count;
      }),
  ),
  APP_URL: optional(httpUrl.optional()),
  BETTER_AUTH_SECRET: optional(z.string().min(32, 'must be at least 32 characters').optional()),
  GOOGLE_CLIENT_ID: optional(z.string().optional()),
  GOOGLE_CLIENT_SECRET: optional(z.string().optional()),
  FACEBOOK_CLIENT_ID: optional(z.string().optional()),
  FACEBOOK_CLIENT_SECRET: optional(z.string().optional()),
  SMTP_URL: optional(
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/i, 'must be an smtp:// or smtps:// URL, e.g. smtp://127.0.0.1:2525')
      .optional(),
  ),
  MAIL_FROM: optional(z.string().default(DEFAULT_MAIL_FROM)),
  SUPPORT_EMAIL: optional(z.email('must be an email address').default(DEFAULT_SUPPORT_EMAIL)),
  DEV_TOOLS: optional(
    z
      .enum(['0', '1', 'true', 'false'], { error: 'must be 1 or 0' })
      .transform((value) => value === '1' || value === 'true')
      .default(false),
  ),
  AUTH_TEST_OAUTH_ISSUER: optional(httpUrl.optional()),
  REDIS_URL: optional(
    z
      .string()
      .regex(/^rediss?:\/\/[^\s]+$/i, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  REDIS_KEY_PREFIX: optional(
    z
      .string()
      .regex(/^[A-Za-z0-9:._-]{1,64}$/, 'must be 1-64 letters, digits or : . _ -')
      .default(DEFAULT_REDIS_KEY_PREFIX),
  ),
  REVENUECAT_WEBHOOK_AUTH: optional(
    z.string().min(16, 'must be at least 16 characters').max(1000, 'must be at most 1000 characters').optional(),
  ),
  REVENUECAT_API_KEY: optional(z.string().max(1000, 'must be at most 1000 characters').optional()),
  REVENUECAT_API_URL: optional(httpUrl.default(DEFAULT_REVENUECAT_API_URL)),
  REVENUECAT_API_TIMEOUT_MS: optional(
    z.coerce
      .number()
      .int('must be a whole number of milliseconds')
      .min(100, 'must be 100-60000')
      .max(60_000, 'must be 100-60000')
      .default(DEFAULT_REVENUECAT_API_TIMEOUT_MS),
  ),
  WRAPPER_SIMULATOR: optional(
    z
      .enum(['0', '1', 'true', 'false'], { error: 'must be 1 or 0' })
      .transform((value) => value === '1' || value === 'true')
      .optional(),
  ),
  UPLOADS_DIR: optional(z.string().default(DEFAULT_UPLOADS_DIR)),
  S3_ENDPOINT: optional(httpUrl.optional()),
  S3_REGION: optional(
    z
      .string()
      .regex(/^[a-z0-9-]{1,64}$/, 'must be a region name such as us-east-1')
      .default(DEFAULT_S3_REGION),
  ),
  S3_BUCKET: optional(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3-63 lower-case letters, digits, . or -')
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optional(z.string().max(1000, 'must be at most 1000 characters').optional()),
  S3_SECRET_ACCESS_KEY: optional(z.string().max(1000, 'must be at most 1000 characters').optional()),
  S3_FORCE_PATH_STYLE: optional(
    z
      .enum(['0', '1', 'true', 'false'], { error: 'must be 1 or 0' })
      .transform((value) => value === '1' || value === 'true')
      .optional(),
  ),
});

type ParsedEnv = z.infer<typeof envSchema>;

/** Pairs a client id with its secret; both or neither must be set. */
function oauthClient(vars: ParsedEnv, prefix: 'GOOGLE' | 'FACEBOOK', problems: string[]): OAuthClientConfig | null {
  const clientId = vars[`${prefix}_CLIENT_ID`]?.trim();
  const clientSecret = vars[`${prefix}_CLIENT_SECRET`]?.trim();
  if (clientId && clientSecret) return { clientId, clientSecret };
  if (clientId) problems.push(`${prefix}_CLIENT_SECRET: must be set together with ${prefix}_CLIENT_ID`);
  if (clientSecret) problems.push(`${prefix}_CLIENT_ID: must be set together with ${prefix}_CLIENT_SECRET`);
  return null;
}

const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * The S3 bucket, or null when no S3_* variable asks for one. S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go
 * together: when any of them (or S3_ENDPOINT) is set, each missing one is a problem.
 */
function s3Bucket(vars: ParsedEnv, problems: string[]): S3Config | null {
  const bucket = vars.S3_BUCKET?.trim();
  const accessKeyId = vars.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = vars.S3_SECRET_ACCESS_KEY?.trim();
  const endpoint = vars.S3_ENDPOINT ?? null;
  if (bucket && accessKeyId && secretAccessKey) {
    return {
      endpoint,
      region: vars.S3_REGION,
      bucket,
      accessKeyId,
      secretAccessKey,
      forcePathStyle: vars.S3_FORCE_PATH_STYLE ?? endpoint !== null,
    };
  }
  const values = { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey };
  const given = S3_REQUIRED.filter((name) => values[name]);
  if (given.length === 0 && endpoint === null) return null;
  const reason = given.length > 0 ? `with ${given.join(' and ')}` : 'with S3_ENDPOINT';
  for (const name of S3_REQUIRED) if (!values[name]) problems.push(`${name}: must be set together ${reason}`);
  return null;
}

/**
 * The address the server listens on when HOST is unset: every interface in production (a container or a host behind its
 * proxy), only this machine otherwise, as Vite and most development servers do. A development run serves the dev
 * outbox and the wrapper simulator, so another machine reaches it only when HOST says so (docs/security.md).
 */
export function defaultHost(nodeEnv: Config['nodeEnv']): string {
  return nodeEnv === 'production' ? '0.0.0.0' : '127.0.0.1';
}

/**
 * Parses the server's environment. Variables: NODE_ENV (development), PORT (3000), HOST (see {@link defaultHost}), DATABASE_URL (unset ->
 * SQLite at var/barback.sqlite), LOG_LEVEL (info; 'silent' allowed), APP_VERSION (package.json version),
 * TRUST_PROXY_HEADER (unset), TRUST_PROXY_HOPS (1), WEB_CONCURRENCY (1), APP_URL (http://localhost:PORT), BETTER_AUTH_SECRET (required in production),
 * GOOGLE_CLIENT_ID/SECRET and FACEBOOK_CLIENT_ID/SECRET (pairs; unset = provider off), SMTP_URL (unset = dev outbox),
 * MAIL_FROM (Barback <no-reply@barback.app>), SUPPORT_EMAIL (support@barback.app), DEV_TOOLS (0),
 * AUTH_TEST_OAUTH_ISSUER (NODE_ENV=test only), REDIS_URL (unset: shared state in the database), REDIS_KEY_PREFIX
 * (barback:), REVENUECAT_WEBHOOK_AUTH (unset: webhook off),
 * REVENUECAT_API_KEY (unset: no reconciliation), REVENUECAT_API_URL (https://api.revenuecat.com),
 * REVENUECAT_API_TIMEOUT_MS (5000), WRAPPER_SIMULATOR (on in development, off elsewhere, refused in production), UPLOADS_DIR (var/uploads),
 * S3_BUCKET + S3_ACCESS_KEY_ID + S3_SECRET_ACCESS_KEY (together; unset: images in UPLOADS_DIR), S3_ENDPOINT (unset: AWS),
 * S3_REGION (us-east-1), S3_FORCE_PATH_STYLE (on when S3_ENDPOINT is set).
 *
 * @param env the variables to read; defaults to `process.env`.
 * @throws ConfigError listing every bad variable at once, so one boot shows every problem.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  const vars = parsed.data;
  const problems: string[] = [];
  const google = oauthClient(vars, 'GOOGLE', problems);
  const facebook = oauthClient(vars, 'FACEBOOK', problems);
  const s3 = s3Bucket(vars, problems);
  if (vars.NODE_ENV === 'production' && !vars.BETTER_AUTH_SECRET) {
    problems.push('BETTER_AUTH_SECRET: is required in production (at least 32 random characters)');
  }
  if (vars.AUTH_TEST_OAUTH_ISSUER && vars.NODE_ENV !== 'test') {
    problems.push('AUTH_TEST_OAUTH_ISSUER: is only allowed with NODE_ENV=test');
  }
  if (vars.WRAPPER_SIMULATOR && vars.NODE_ENV === 'production') {
    problems.push('WRAPPER_SIMULATOR: is never allowed with NODE_ENV=production (it grants plans to whoever asks)');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const appUrl = vars.APP_URL ?? `http://localhost:${vars.PORT}`;
  const wrapperSimulator = vars.WRAPPER_SIMULATOR ?? vars.NODE_ENV === 'development';
  const trustedOrigins = [new URL(appUrl).origin];
  if (!vars.APP_URL) trustedOrigins.push(`http://127.0.0.1:${vars.PORT}`);
  return {
    nodeEnv: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST ?? defaultHost(vars.NODE_ENV),
    database: vars.DATABASE_URL,
    logLevel: vars.LOG_LEVEL,
    appVersion: vars.APP_VERSION ?? packageVersion(),
    trustProxyHeader: vars.TRUST_PROXY_HEADER ?? null,
    trustProxyHops: vars.TRUST_PROXY_HOPS,
    webConcurrency: vars.WEB_CONCURRENCY,
    appUrl,
    trustedOrigins,
    betterAuthSecret: vars.BETTER_AUTH_SECRET ?? null,
    google,
    facebook,
    smtpUrl: vars.SMTP_URL ?? null,
    mailFrom: vars.MAIL_FROM,
    supportEmail: vars.SUPPORT_EMAIL,
    devTools: vars.DEV_TOOLS,
    authTestOAuthIssuer: vars.AUTH_TEST_OAUTH_ISSUER ?? null,
    redisUrl: vars.REDIS_URL ?? null,
    redisKeyPrefix: vars.REDIS_KEY_PREFIX,
    revenueCat: {
      webhookAuth:
        vars.REVENUECAT_WEBHOOK_AUTH ?? (wrapperSimulator ? `Bearer sim-${randomBytes(24).toString('hex')}` : null),
      apiKey: vars.REVENUECAT_API_KEY ?? null,
      apiUrl: vars.REVENUECAT_API_URL,
      apiTimeoutMs: vars.REVENUECAT_API_TIMEOUT_MS,
    },
    wrapperSimulator,
    uploads: { dir: path.resolve(PROJECT_ROOT, vars.UPLOADS_DIR), s3 },
  };
}

/** True when the developer tools that expose data (the mailbox) are on: development (the default) or DEV_TOOLS=1. */
export function devToolsEnabled(config: Pick<Config, 'nodeEnv' | 'devTools'>): boolean {
  return config.nodeEnv === 'development' || config.devTools;
}
