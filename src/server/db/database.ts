import { mkdirSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import type { Database } from './types';

/** The two supported databases. */
export type Dialect = 'sqlite' | 'postgres';

/**
 * The driver under the Kysely client, for the few libraries that take one (rate-limiter-flexible's stores,
 * http/rate-limit.ts): the better-sqlite3 connection Kysely itself uses, or its pg pool. The same objects, not copies:
 * `destroy()` closes them too. Prefer `db` everywhere else.
 */
export type DatabaseDriver =
  { dialect: 'sqlite'; sqlite: BetterSqlite3.Database } | { dialect: 'postgres'; pool: pg.Pool };

/**
 * An open database: the Kysely client, which dialect it speaks, the raw driver under it, and a way to close it
 * (idempotent).
 */
export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The raw driver under `db` (see {@link DatabaseDriver}). */
  driver: DatabaseDriver;
  /** Closes the SQLite file or ends the PostgreSQL pool. Safe to call twice. */
  destroy(): Promise<void>;
}

/** How long a SQLite writer waits for a lock held by another connection or process, ms. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;
/** Largest number of pooled PostgreSQL connections per process. */
export const PG_POOL_MAX = 10;

/**
 * Opens a better-sqlite3 handle with the pragmas the server relies on: WAL journal (readers never block the writer),
 * foreign keys enforced, a busy timeout of {@link SQLITE_BUSY_TIMEOUT_MS}, synchronous=NORMAL (safe with WAL) and a
 * larger page cache. Creates the file's folder when missing.
 * @throws the driver's error when the file cannot be opened.
 */
export function openSqlite(file: string): BetterSqlite3.Database {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('cache_size = -32000'); // 32 MB
  sqlite.pragma('temp_store = MEMORY');
  return sqlite;
}

/** Most prepared statements kept per SQLite connection, by SQL text (the least recently used is dropped). */
export const SQLITE_STATEMENT_CACHE_SIZE = 500;

/**
 * `sqlite` as Kysely's driver sees it, with each statement prepared once and reused: Kysely prepares every query it runs,
 * which costs as much as running a small one. Safe to share: the driver runs one query at a time on the connection
 * (a stream holds it until done), and SQLite re-prepares a statement itself when the schema changes.
 */
function reusingStatements(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const statements = new LRUCache<string, BetterSqlite3.Statement>({ max: SQLITE_STATEMENT_CACHE_SIZE });
  return {
    close: () => {
      sqlite.close();
    },
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * Kysely's SQLite driver with its one connection handed out first come, first served. Kysely's own lock wakes every
 * waiter at each release and lets them race for it: under a few hundred concurrent requests that is work per waiter per
 * query, and a request can lose the race for seconds.
 */
class QueuedSqliteDriver extends SqliteDriver {
  readonly #waiting: (() => void)[] = [];
  #held = false;

  override async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#held) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#held = true;
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

/** SqliteDialect with {@link QueuedSqliteDriver}. */
class QueuedSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new QueuedSqliteDriver(this.#config);
  }
}

/** Most SQL texts a process runs as named (server-side prepared) PostgreSQL statements; later texts run unnamed. */
export const PG_NAMED_STATEMENTS_MAX = 1000;

/**
 * `pool` as Kysely's driver sees it, with every parameterised query sent as a named statement: PostgreSQL parses and
 * plans a named statement once per connection and then only binds and runs it, where an unnamed one is parsed and
 * planned on every run (a third of the server's work for a small query). The first {@link PG_NAMED_STATEMENTS_MAX}
 * distinct texts get names, so a process's statements per connection stay bounded; queries without parameters keep
 * the simple protocol (they may hold several statements, as migrations do).
 */
function namingStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (sql: string): string | undefined => {
    let name = names.get(sql);
    if (name === undefined && names.size < PG_NAMED_STATEMENTS_MAX) {
      name = `barback_${names.size}`;
      names.set(sql, name);
    }
    return name;
  };
  return {
    async connect() {
      const client = await pool.connect();
      const query = (sql: unknown, parameters?: readonly unknown[]) => {
        if (typeof sql !== 'string') return client.query(sql as pg.Submittable);
        const name = parameters && parameters.length > 0 ? nameOf(sql) : undefined;
        const values = parameters ? [...parameters] : undefined;
        return name ? client.query({ name, text: sql, values }) : client.query(sql, values);
      };
      return { query, release: () => client.release() } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

/**
 * Connects to the configured database. SQLite opens at once (and throws if the file cannot be opened); PostgreSQL connects
 * lazily through a `pg` pool of at most {@link PG_POOL_MAX} clients, so an unreachable server surfaces on the first query.
 */
export function createDatabase(config: { database: DatabaseConfig }): DatabaseHandle {
  const settings = config.database;
  let destroyed: Promise<void> | null = null;
  if (settings.dialect === 'sqlite') {
    const sqlite = openSqlite(settings.file);
    const db = new Kysely<Database>({ dialect: new QueuedSqliteDialect({ database: reusingStatements(sqlite) }) });
    return {
      db,
      dialect: 'sqlite',
      driver: { dialect: 'sqlite', sqlite },
      destroy: () => (destroyed ??= db.destroy().finally(() => sqlite.open && sqlite.close())),
    };
  }
  const pool = new pg.Pool({
    connectionString: settings.url,
    max: PG_POOL_MAX,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection emits 'error' on the pool; without a listener that would crash the process.
  // The next query reports the problem instead (and answers 503).
  pool.on('error', () => {});
  // A client checked out of the pool has no such listener: when PostgreSQL ends its connection between two queries (a
  // restart's 57P01 'terminating connection'), the 'error' event would crash the process. The query that next uses it
  // fails instead, answering 503, and the pool replaces the client.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namingStatements(pool) }) });
  return {
    db,
    dialect: 'postgres',
    driver: { dialect: 'postgres', pool },
    destroy: () => (destroyed ??= db.destroy()),
  };
}

/**
 * The dialect a Kysely client (or transaction) speaks, read from its adapter, so operations that need dialect-specific SQL
 * can take just `{db}`.
 */
export function dialectOf<DB>(db: Kysely<DB>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
