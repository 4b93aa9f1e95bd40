import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import os from 'node:os';
import type { Hono } from 'hono';
import { createApp } from '@/server/app';
import { createAuth, type Auth } from '@/server/auth/auth';
import { seedCatalogue, type SeedCatalogue } from '@/server/catalogue/operations';
import { loadConfig, type Config } from '@/server/config';
import type { Dialect } from '@/server/db/database';
import { createSilentLogger, type Logger } from '@/server/logger';
import { createMailer, type Mailer } from '@/server/mail/mailer';
import { redisSecondaryStorage, type RedisHandle } from '@/server/redis';
import { createTestDatabase, type TestDatabase } from './test-database';
import { buildTestSeed } from './test-seed';

/** Per-request test options: `address` plays the client's socket address (rate limits key on it). */
export interface TestRequestOptions {
  address?: string;
}

/** A test app on its own fresh database. `close()` drops the database. */
export interface TestApp {
  app: Hono;
  database: TestDatabase;
  config: Config;
  /** The app's better-auth instance and mailer (dev outbox unless SMTP_URL was given). */
  auth: Auth;
  mailer: Mailer;
  /** Sends a request to the app (no network) and returns the response. */
  request(pathAndQuery: string, init?: RequestInit, options?: TestRequestOptions): Promise<Response>;
  /** Sends a request and parses the JSON body. */
  json<T = unknown>(
    pathAndQuery: string,
    init?: RequestInit,
    options?: TestRequestOptions,
  ): Promise<{ status: number; headers: Headers; body: T }>;
  close(): Promise<void>;
}

/** The secret test apps sign cookies with (at least 32 characters, as config requires). */
export const TEST_AUTH_SECRET = 'test-secret-0123456789-test-secret-0123456789';

/**
 * Builds an app the way main.ts does, on a fresh migrated database of `dialect`, seeded with `seed` (the tiny test seed by
 * default; null for an empty catalogue). The client folder defaults to one that does not exist, so static answers do not
 * depend on whether `vite build` has been run. `env` adds or overrides environment variables (NODE_ENV is 'test'). `redis`
 * puts rate-limit counters and better-auth's secondary storage in Redis, as REDIS_URL does for main.ts (the caller opens
 * and closes the connection).
 */
export async function createTestApp(
  options: {
    dialect?: Dialect;
    seed?: SeedCatalogue | null;
    clientDir?: string;
    env?: Record<string, string>;
    redis?: RedisHandle;
    /** The server's logger (silent by default): tests that read the log lines pass one writing to memory. */
    logger?: Logger;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(options.dialect ?? 'sqlite');
  try {
    const seed = options.seed === undefined ? buildTestSeed() : options.seed;
    if (seed) await seedCatalogue({ db: database.db, seed });
  } catch (error) {
    await database.drop();
    throw error;
  }
  // Uploaded photos go to a folder of this app's own (removed on close), never the project's var/uploads.
  const uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'barback-uploads-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    UPLOADS_DIR: uploadsDir,
    DATABASE_URL: database.database.dialect === 'sqlite' ? database.database.file : database.database.url,
    APP_VERSION: '9.9.9-test',
    BETTER_AUTH_SECRET: TEST_AUTH_SECRET,
    ...options.env,
  });
  const logger = options.logger ?? createSilentLogger();
  const mailer = createMailer({ config, db: database.db, logger });
  const redis = options.redis ?? null;
  const auth = createAuth({
    db: database.db,
    dialect: database.dialect,
    config,
    logger,
    mailer,
    secondaryStorage: redis && redisSecondaryStorage(redis),
  });
  const app = createApp({
    db: database.db,
    dialect: database.dialect,
    driver: database.driver,
    config,
    logger,
    mailer,
    auth,
    redis,
    clientDir: options.clientDir ?? path.join(os.tmpdir(), 'barback-no-client-build'),
  });
  const request = async (pathAndQuery: string, init?: RequestInit, requestOptions: TestRequestOptions = {}) =>
    app.request(
      pathAndQuery,
      init,
      requestOptions.address ? { incoming: { socket: { remoteAddress: requestOptions.address } } } : undefined,
    );
  return {
    app,
    database,
    config,
    auth,
    mailer,
    request,
    async json<T>(pathAndQuery: string, init?: RequestInit, requestOptions?: TestRequestOptions) {
      const response = await request(pathAndQuery, init, requestOptions);
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as T };
    },
    close: async () => {
      mailer.close();
      await database.drop();
      await rm(uploadsDir, { recursive: true, force: true });
    },
  };
}

/** The ids of the public catalogue's cocktails (venue recipes left out), ascending. */
export async function publicCocktailIds(t: TestApp): Promise<number[]> {
  const rows = await t.database.db
    .selectFrom('cocktail')
    .select('id')
    .where('venue_id', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => Number(row.id));
}

/** The test app's ingredient ids by slug ('gin' -> 3), for writing recipes with real ingredient lines. */
export async function ingredientIdsOf(t: TestApp): Promise<Record<string, number>> {
  const rows = await t.database.db.selectFrom('ingredient').select(['id', 'slug']).execute();
  return Object.fromEntries(rows.map((row) => [row.slug, Number(row.id)]));
}
