import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main, type RunningServer } from '@/server/main';
import type { Dialect } from '@/server/db/database';
import { CookieJar } from './cookie-jar';
import { createTestDatabase, type TestDatabase } from './test-database';
import { TEST_AUTH_SECRET } from './test-app';
import { freePort } from './free-port';

/** Re-exported for the server tests that start processes. */
export { freePort };

/** The real server (main.ts) on a fresh database and a free port, with a handle on its database for inspection. */
export interface RunningTestServer {
  /** e.g. http://127.0.0.1:41234 (also the server's APP_URL). */
  base: string;
  server: RunningServer;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * Starts main() with NODE_ENV=test on a fresh database of `dialect` (migrated and seeded by main itself), listening on
 * 127.0.0.1 with APP_URL set to that address; `env` adds variables (SMTP_URL, AUTH_TEST_OAUTH_ISSUER, ...).
 */
let standIn: string | null = null;

/** A folder holding a minimal index.html, made once per test process: what the server serves for SPA routes in tests. */
function standInClientDir(): string {
  if (standIn) return standIn;
  standIn = mkdtempSync(path.join(tmpdir(), 'barback-client-'));
  writeFileSync(path.join(standIn, 'index.html'), '<!doctype html><title>Barback</title><div id="root"></div>');
  return standIn;
}

export async function startTestServer(
  options: { dialect?: Dialect; env?: Record<string, string> } = {},
): Promise<RunningTestServer> {
  const database = await createTestDatabase(options.dialect ?? 'sqlite', { migrate: false });
  const url = database.database.dialect === 'sqlite' ? `sqlite:${database.database.file}` : database.database.url;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server: RunningServer;
  try {
    server = await main({
      env: {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: url,
        APP_URL: base,
        BETTER_AUTH_SECRET: TEST_AUTH_SECRET,
        ...options.env,
      },
      handleSignals: false,
      // A stand-in client build, so SPA pages (/auth/callback...) answer 200 without `vite build` having run first.
      clientDir: standInClientDir(),
    });
  } catch (error) {
    await database.drop();
    throw error;
  }
  return {
    base,
    server,
    database,
    close: async () => {
      await server.close();
      await database.drop();
    },
  };
}

/** One hop of a followed redirect chain. */
export interface Hop {
  url: string;
  status: number;
  location: string | null;
}

/**
 * Requests `url` like a browser following redirects by hand: each hop's Set-Cookie goes into `jar` when the hop is on
 * `appBase`, and `jar`'s cookies are sent to `appBase` only. Stops at the first answer that is not a redirect (or after
 * 10 hops).
 * @returns the hops, the final response and its URL.
 */
export async function follow(
  url: string,
  jar: CookieJar,
  appBase: string,
  init: RequestInit = {},
): Promise<{ hops: Hop[]; response: Response; url: string }> {
  const hops: Hop[] = [];
  let current = url;
  let request: RequestInit = init;
  for (let i = 0; i < 10; i += 1) {
    const own = current.startsWith(appBase);
    const headers = new Headers(request.headers);
    if (own && jar.header()) headers.set('cookie', jar.header());
    const response = await fetch(current, { ...request, headers, redirect: 'manual' });
    if (own) jar.take(response);
    const location = response.headers.get('location');
    hops.push({ url: current, status: response.status, location });
    if (response.status < 300 || response.status >= 400 || !location) return { hops, response, url: current };
    await response.arrayBuffer();
    current = new URL(location, current).toString();
    request = {};
  }
  throw new Error(`too many redirects from ${url}`);
}
