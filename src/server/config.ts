import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Absolute path of the project root (the folder holding package.json). */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the SQLite file lives when DATABASE_URL is unset. */
export const DEFAULT_SQLITE_FILE = path.join(PROJECT_ROOT, 'var', 'barback.sqlite');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** A pino level, or 'silent' for no output. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Where the data lives: an SQLite file (or ':memory:') or a PostgreSQL connection string. */
export type DatabaseConfig = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

/** The server's settings, parsed from the environment once at boot. */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  /** TCP port, 0–65535 (0 = any free port). */
  port: number;
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
}

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
  HOST: optional(z.string().default('0.0.0.0')),
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
});

/**
 * Parses the server's environment. Variables: NODE_ENV (development), PORT (3000), HOST (0.0.0.0), DATABASE_URL (unset ->
 * SQLite at var/barback.sqlite), LOG_LEVEL (info; 'silent' allowed), APP_VERSION (package.json version),
 * TRUST_PROXY_HEADER (unset).
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
  return {
    nodeEnv: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    database: vars.DATABASE_URL,
    logLevel: vars.LOG_LEVEL,
    appVersion: vars.APP_VERSION ?? packageVersion(),
    trustProxyHeader: vars.TRUST_PROXY_HEADER ?? null,
  };
}
