import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { runCluster } from './cluster';
import { createAuth, providerMode } from './auth/auth';
import { migrateAuthTables } from './auth';
import { seedCatalogue, warmCatalogue } from './catalogue/operations';
import { loadSeedCatalogue } from './catalogue/seed/load-seed';
import { ConfigError, loadConfig, type Config } from './config';
import { withBootLock } from './db/boot-lock';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { errorBody } from './errors';
import { createLogger } from './logger';
import { createMailer } from './mail/mailer';
import { connectRedis, redactRedisUrl, redisSecondaryStorage, type RedisHandle } from './redis';

/** Longest a graceful shutdown waits for open requests before closing anyway, ms. */
export const SHUTDOWN_GRACE_MS = 10_000;

/** Largest request head (request line + headers) accepted, bytes: Node's default, named here so the limit is explicit. */
export const MAX_HEADER_BYTES = 16 * 1024;

/** A running server: its address and a way to stop it (idempotent). */
export interface RunningServer {
  config: Config;
  /** The port actually bound (useful with PORT=0). */
  port: number;
  close(): Promise<void>;
}

/**
 * Wiring only: config -> database -> Redis when REDIS_URL is set (rate-limit counters and better-auth's secondary storage)
 * -> migrations (ours, then better-auth's planner for any column a newer plugin set needs) and seed, under a PostgreSQL
 * advisory lock so processes starting together take turns (db/boot-lock.ts) -> search index ->
 * mailer -> auth -> app -> listen, then graceful shutdown (server, mailer, Redis, database) on SIGINT/SIGTERM when
 * `handleSignals`. Requests the HTTP parser rejects (head over {@link MAX_HEADER_BYTES}, malformed lines) get a JSON 4xx
 * instead of a dropped socket.
 * @param options.env environment (default process.env); `clientDir` the built client to serve (default dist/client; tests
 *   pass a stand-in so SPA pages answer without a build).
 * @throws ConfigError for bad environment variables; Error naming REDIS_URL when Redis cannot be reached at boot;
 *   database or migration errors as thrown.
 */
export async function main(
  options: { env?: Record<string, string | undefined>; handleSignals?: boolean; clientDir?: string } = {},
): Promise<RunningServer> {
  const config = loadConfig(options.env);
  const logger = createLogger(config);
  const database = createDatabase(config);
  let redis: RedisHandle | null = null;
  try {
    if (config.redisUrl) {
      redis = await connectRedis({ url: config.redisUrl, keyPrefix: config.redisKeyPrefix, logger });
      logger.info({ redis: redactRedisUrl(config.redisUrl), keyPrefix: config.redisKeyPrefix }, 'redis connected');
    }
    // Processes starting together on one PostgreSQL database prepare it one at a time (db/boot-lock.ts).
    await withBootLock(database, async () => {
      const applied = await migrateToLatest(database);
      if (applied.length > 0) logger.info({ applied }, 'migrations applied');
      const authTables = await migrateAuthTables({ db: database.db, dialect: database.dialect });
      if (authTables.length > 0) logger.info({ tables: authTables }, 'auth tables migrated');
      const seed = await seedCatalogue({ db: database.db, seed: loadSeedCatalogue() });
      if (seed.skipped) logger.info('catalogue seed unchanged');
      else
        logger.info(
          { ingredients: seed.ingredients, cocktails: seed.cocktails, lines: seed.lines },
          'catalogue seeded',
        );
    });
    const indexed = await warmCatalogue({ db: database.db });
    logger.info(
      { indexed },
      indexed === null ? 'catalogue searches will run in the database' : 'catalogue search index ready',
    );
  } catch (error) {
    await redis?.close();
    await database.destroy();
    throw error;
  }

  const mailer = createMailer({ config, db: database.db, logger });
  const auth = createAuth({
    db: database.db,
    dialect: database.dialect,
    config,
    logger,
    mailer,
    secondaryStorage: redis && redisSecondaryStorage(redis),
  });
  logger.info(
    {
      appUrl: config.appUrl,
      mail: mailer.transport,
      google: providerMode(config, 'google'),
      facebook: providerMode(config, 'facebook'),
    },
    'sign-in configured',
  );
  const app = createApp({
    db: database.db,
    dialect: database.dialect,
    driver: database.driver,
    config,
    logger,
    mailer,
    auth,
    redis,
    clientDir: options.clientDir,
  });
  const server = serve({
    fetch: app.fetch,
    port: config.port,
    hostname: config.host,
    serverOptions: { maxHeaderSize: MAX_HEADER_BYTES },
  }) as Server;

  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const body = JSON.stringify(
      tooLarge
        ? errorBody('BAD_REQUEST', `request line and headers must be at most ${MAX_HEADER_BYTES / 1024} kB`)
        : errorBody('BAD_REQUEST', 'malformed HTTP request'),
    );
    const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });

  await new Promise<void>((resolve, reject) => {
    if (server.listening) return resolve();
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ port, host: config.host, dialect: database.dialect, version: config.appVersion }, 'server listening');

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      logger.info('shutting down');
      const timer = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      timer.unref();
      server.closeIdleConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      clearTimeout(timer);
      mailer.close();
      await redis?.close();
      await database.destroy();
      logger.info('stopped');
      logger.flush();
    })());

  if (options.handleSignals ?? true) {
    const onSignal = (signal: NodeJS.Signals) => {
      logger.info({ signal }, 'signal received');
      close().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  }
  return { config, port, close };
}

/**
 * Runs {@link main} and exits with a readable message when boot fails. With WEB_CONCURRENCY above 1 this process becomes
 * a node:cluster primary running that many servers on PORT (cluster.ts); each worker runs this function as a server.
 */
export async function runMain(): Promise<void> {
  try {
    const config = loadConfig();
    if (config.webConcurrency > 1 && cluster.isPrimary) {
      await runCluster({ count: config.webConcurrency, logger: createLogger(config) });
      return;
    }
    await main();
  } catch (error) {
    if (error instanceof ConfigError) console.error(error.message);
    else console.error('Barback failed to start:', error);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void runMain();
}
