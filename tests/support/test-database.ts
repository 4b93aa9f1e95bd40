import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DatabaseConfig } from '@/server/config';
import { createDatabase, type DatabaseHandle, type Dialect } from '@/server/db/database';
import { migrateToLatest } from '@/server/db/migrate';

/**
 * Test databases: a fresh SQLite file in a temp folder, or (when TEST_DATABASE_URL names a PostgreSQL server) a fresh
 * database `bb_test_<random>` created through that admin URL. Each test file makes its own and drops it afterwards.
 */

/** The dialects the server suites run on: SQLite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export function testDialects(): Dialect[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** An open, migrated test database. `drop()` closes it and deletes it (file or database); safe after `destroy()`. */
export interface TestDatabase extends DatabaseHandle {
  /** The configuration that reaches this database (e.g. to build a Config or start a second client). */
  database: DatabaseConfig;
  drop(): Promise<void>;
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates an empty database of `dialect`, runs every migration on it and returns it open.
 * @throws when PostgreSQL is requested without TEST_DATABASE_URL or cannot be reached.
 */
export async function createTestDatabase(dialect: Dialect, options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  let database: DatabaseConfig;
  let remove: () => Promise<void>;
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'barback-test-'));
    database = { dialect: 'sqlite', file: path.join(dir, 'test.sqlite') };
    remove = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const name = `bb_test_${randomBytes(6).toString('hex')}`;
    await withAdmin((client) => client.query(`create database ${name}`));
    database = { dialect: 'postgres', url: withDatabaseName(process.env.TEST_DATABASE_URL as string, name) };
    remove = () =>
      withAdmin(async (client) => void (await client.query(`drop database if exists ${name} with (force)`)));
  }
  const handle = createDatabase({ database });
  if (options.migrate ?? true) await migrateToLatest(handle);
  let dropped: Promise<void> | null = null;
  return {
    ...handle,
    database,
    drop: () =>
      (dropped ??= (async () => {
        await handle.destroy();
        await remove();
      })()),
  };
}
