import path from 'node:path';
import os from 'node:os';
import type { Hono } from 'hono';
import { createApp } from '@/server/app';
import { seedCatalogue, type SeedCatalogue } from '@/server/catalogue/operations';
import { loadConfig, type Config } from '@/server/config';
import type { Dialect } from '@/server/db/database';
import { createSilentLogger } from '@/server/logger';
import { createTestDatabase, type TestDatabase } from './test-database';
import { buildTestSeed } from './test-seed';

/** A test app on its own fresh database. `close()` drops the database. */
export interface TestApp {
  app: Hono;
  database: TestDatabase;
  config: Config;
  /** Sends a request to the app (no network) and returns the response. */
  request(pathAndQuery: string, init?: RequestInit): Promise<Response>;
  /** Sends a request and parses the JSON body. */
  json<T = unknown>(pathAndQuery: string, init?: RequestInit): Promise<{ status: number; headers: Headers; body: T }>;
  close(): Promise<void>;
}

/**
 * Builds an app the way main.ts does, on a fresh migrated database of `dialect`, seeded with `seed` (the tiny test seed by
 * default; null for an empty catalogue). The client folder defaults to one that does not exist, so static answers do not
 * depend on whether `vite build` has been run.
 */
export async function createTestApp(
  options: { dialect?: Dialect; seed?: SeedCatalogue | null; clientDir?: string } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(options.dialect ?? 'sqlite');
  try {
    const seed = options.seed === undefined ? buildTestSeed() : options.seed;
    if (seed) await seedCatalogue({ db: database.db, seed });
  } catch (error) {
    await database.drop();
    throw error;
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.database.dialect === 'sqlite' ? database.database.file : database.database.url,
    APP_VERSION: '9.9.9-test',
  });
  const app = createApp({
    db: database.db,
    dialect: database.dialect,
    config,
    logger: createSilentLogger(),
    clientDir: options.clientDir ?? path.join(os.tmpdir(), 'barback-no-client-build'),
  });
  const request = async (pathAndQuery: string, init?: RequestInit) => app.request(pathAndQuery, init);
  return {
    app,
    database,
    config,
    request,
    async json<T>(pathAndQuery: string, init?: RequestInit) {
      const response = await request(pathAndQuery, init);
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as T };
    },
    close: () => database.drop(),
  };
}
