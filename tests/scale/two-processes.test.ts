import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '@/server/db/database';
import { hashSeed, writeSeed } from '@/server/catalogue/seed-writer';
import { loadSeedCatalogue } from '@/server/catalogue/seed/load-seed';
import { deleteKeysWithPrefix, freePort, redisTestUrl, redisUnavailableReason, testKeyPrefix } from '../support/redis';

/**
 * Scale-out for real: TWO server processes (`node --import tsx src/server/main.ts`, as the e2e journeys start one) on ONE
 * fresh PostgreSQL database and ONE Redis (a fresh key prefix), playing two instances behind a load balancer whose origin
 * is APP_URL. The test talks to each process directly and shows that
 * (a) a session made through one process is valid on the other (the magic link asked of one, followed on the other);
 * (b) a rate limit counts across both (the magic-link limit, 5 per 10 minutes per address);
 * (c) a catalogue change is served by the other process within a second;
 * (d) killing one process with SIGKILL under load loses no acknowledged write.
 * Needs PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres, as an admin URL) and Redis
 * (REDIS_TEST_URL, default redis://127.0.0.1:6379); skipped with the reason when either is unreachable. Timings are
 * printed (console.info) for the README's figures.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const PG_ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = redisTestUrl();
/** The load balancer's origin both processes are configured with (nothing listens there; requests name it as Origin). */
const APP_URL = 'http://localhost:8443';
const SECRET = 'scale-secret-scale-secret-scale-secret-0123';

async function postgresUnavailableReason(): Promise<string | null> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return `PostgreSQL is not reachable at ${PG_ADMIN_URL} (${(error as Error).message}); set TEST_DATABASE_URL`;
  } finally {
    await client.end().catch(() => {});
  }
}

const skipReason = (await postgresUnavailableReason()) ?? (await redisUnavailableReason(REDIS_URL));

/** One HTTP answer. */
interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * One request from a chosen loopback address (`from`, e.g. 127.0.0.3: the server sees it as the client's address and keys
 * its rate limits on it). Rejects on network errors (a killed process).
 */
function send(
  base: string,
  pathAndQuery: string,
  options: { method?: string; body?: unknown; cookie?: string; from?: string } = {},
): Promise<Answer> {
  const url = new URL(pathAndQuery, base);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { origin: APP_URL };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (options.cookie) headers.cookie = options.cookie;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: options.method ?? 'GET',
        headers,
        localAddress: options.from ?? '127.0.0.1',
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error('request timed out')));
    req.end(body);
  });
}

/** A running server process. */
interface ServerProcess {
  name: string;
  base: string;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

async function startProcess(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
    const health = await send(base, '/api/health').catch(() => null);
    if (health?.status === 200) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name} did not become healthy in 45 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { name, base, child, output: () => output, stop };
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
function cookieOf(answer: Answer): string {
  const lines = answer.headers['set-cookie'] ?? [];
  return (Array.isArray(lines) ? lines : [lines])
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => pair.includes('=') && !pair.endsWith('='))
    .join('; ');
}

describe.skipIf(skipReason !== null)(
  `two server processes on one PostgreSQL and one Redis${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const dbName = `bb_scale_${randomBytes(5).toString('hex')}`;
    const keyPrefix = testKeyPrefix();
    let admin: pg.Client;
    let db: pg.Client;
    let redis: Redis;
    let writer: DatabaseHandle;
    let a: ServerProcess;
    let b: ServerProcess;

    const databaseUrl = () => {
      const url = new URL(PG_ADMIN_URL);
      url.pathname = `/${dbName}`;
      return url.toString();
    };

    /** Asks `via` for a magic link for `email` (from `from`) and returns the link's path and query, read from mail_outbox. */
    async function magicLinkPath(via: ServerProcess, email: string, from: string): Promise<string> {
      const asked = await send(via.base, '/api/auth/sign-in/magic-link', {
        method: 'POST',
        body: { email, callbackURL: '/auth/callback' },
        from,
      });
      expect(asked.status, asked.text).toBe(200);
      const { rows } = await db.query<{ text: string }>(
        'select text from mail_outbox where to_address = $1 order by id desc limit 1',
        [email],
      );
      const link = /https?:\/\/\S+\/api\/auth\/magic-link\/verify\?\S+/.exec(rows[0]?.text ?? '')?.[0];
      if (!link) throw new Error(`no magic link mailed to ${email}`);
      const url = new URL(link);
      return `${url.pathname}${url.search}`;
    }

    /** Signs `email` in: link asked of `ask`, followed on `follow`; returns the session cookie. */
    async function signIn(ask: ServerProcess, follow: ServerProcess, email: string, from: string): Promise<string> {
      const verified = await send(follow.base, await magicLinkPath(ask, email, from), { from });
      const cookie = cookieOf(verified);
      expect(cookie, `no session cookie (status ${verified.status})`).toMatch(/session_token=/);
      return cookie;
    }

    beforeAll(async () => {
      admin = new pg.Client({ connectionString: PG_ADMIN_URL });
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      db = new pg.Client({ connectionString: databaseUrl() });
      await db.connect();
      redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
      const env = {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        APP_URL,
        BETTER_AUTH_SECRET: SECRET,
        DATABASE_URL: databaseUrl(),
        REDIS_URL,
        REDIS_KEY_PREFIX: keyPrefix,
        SMTP_URL: '',
      };
      const started = Date.now();
      // Both at once on a fresh database, as a rollout would: migrations and seeding must not trip over each other.
      const starts = await Promise.allSettled([startProcess('process A', env), startProcess('process B', env)]);
      const failure = starts.find((start) => start.status === 'rejected');
      if (failure) {
        // Stop the one that did start before reporting the one that did not.
        for (const start of starts) if (start.status === 'fulfilled') await start.value.stop();
        throw failure.reason;
      }
      [a, b] = starts.map((start) => (start as PromiseFulfilledResult<ServerProcess>).value) as [
        ServerProcess,
        ServerProcess,
      ];
      console.info(`[scale] two processes healthy after ${Date.now() - started} ms (started together, fresh database)`);
      writer = createDatabase({ database: { dialect: 'postgres', url: databaseUrl() } });
    }, 90_000);

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await writer?.destroy();
      redis?.disconnect();
      await db?.end().catch(() => {});
      if (admin) {
        await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
        await admin.end().catch(() => {});
      }
      await deleteKeysWithPrefix(REDIS_URL, keyPrefix).catch(() => 0);
    }, 30_000);

    it('(a) a session made through one process is valid on the other', async () => {
      const email = `scale-a-${randomBytes(3).toString('hex')}@example.test`;
      const started = performance.now();
      // The link is asked of A (its token goes to Redis) and followed on B, which makes the session.
      const cookie = await signIn(a, b, email, '127.0.0.2');
      const signedIn = performance.now();
      const onA = await send(a.base, '/api/me', { cookie, from: '127.0.0.2' });
      const checked = performance.now();
      expect(onA.status, onA.text).toBe(200);
      const me = JSON.parse(onA.text) as { user: { id: string; email: string } };
      expect(me.user.email).toBe(email);
      // The session is cached in Redis (better-auth's secondary storage) and kept in the database.
      expect(await redis.get(`${keyPrefix}auth:active-sessions-${me.user.id}`)).toContain('"token"');
      expect((await db.query('select 1 from session where "userId" = $1', [me.user.id])).rowCount).toBe(1);
      const onB = await send(b.base, '/api/me', { cookie, from: '127.0.0.2' });
      expect(onB.status).toBe(200);
      console.info(
        `[scale] (a) sign-in across processes ${Math.round(signedIn - started)} ms; first /api/me on the other process ${Math.round(checked - signedIn)} ms`,
      );
      // Signing out through A ends the session on B too.
      const out = await send(a.base, '/api/auth/sign-out', { method: 'POST', body: {}, cookie, from: '127.0.0.2' });
      expect(out.status).toBe(200);
      expect((await send(b.base, '/api/me', { cookie, from: '127.0.0.2' })).status).toBe(401);
    });

    it('(b) a rate limit counts across both processes: the 6th magic link from one address is refused', async () => {
      const from = '127.0.0.3';
      const statuses: number[] = [];
      let refused: Answer | null = null;
      for (let i = 0; i < 6; i += 1) {
        const via = i % 2 === 0 ? a : b;
        const answer = await send(via.base, '/api/auth/sign-in/magic-link', {
          method: 'POST',
          body: { email: `scale-b-${i}-${randomBytes(3).toString('hex')}@example.test`, callbackURL: '/auth/callback' },
          from,
        });
        statuses.push(answer.status);
        if (answer.status === 429) refused = answer;
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
      expect(JSON.parse(refused?.text ?? '{}')).toMatchObject({ error: { code: 'RATE_LIMITED' } });
      // One counter in Redis saw all six (rate-limiter-flexible's key under the run's prefix); none in the database.
      const [, keys] = await redis.scan('0', 'MATCH', `${keyPrefix}rl:magic-link:ip:*127.0.0.3`, 'COUNT', 1000);
      expect(keys).toHaveLength(1);
      expect(await redis.get(keys[0]!)).toBe('6');
      expect((await db.query(`select 1 from rate_limit_counter where key like '%127.0.0.3'`)).rowCount).toBe(0);
      // Another address is not affected, on either process.
      const other = await send(a.base, '/api/auth/sign-in/magic-link', {
        method: 'POST',
        body: { email: `scale-b-other@example.test`, callbackURL: '/auth/callback' },
        from: '127.0.0.4',
      });
      expect(other.status).toBe(200);
    });

    it('(c) a catalogue change is served by the other process within a second', async () => {
      const seed = loadSeedCatalogue();
      const target = seed.cocktails[0]!;
      const { rows } = await db.query<{ id: number }>('select id from cocktail where slug = $1', [target.slug]);
      const id = Number(rows[0]!.id);
      const word = `zephyrine${randomBytes(3).toString('hex')}`;
      // Both processes have the old answers cached (response cache, search index) before the change.
      for (const via of [a, b]) {
        expect(JSON.parse((await send(via.base, `/api/cocktails/${id}`)).text)).toMatchObject({ name: target.name });
        expect(JSON.parse((await send(via.base, `/api/cocktails?q=${word}`)).text)).toMatchObject({ total: 0 });
      }
      const renamed = { ...target, name: `${target.name} ${word}` };
      const added = { ...target, slug: `scale-${word}`, name: `Scale ${word} Sour` };
      const changed = { ingredients: seed.ingredients, cocktails: [renamed, added] };
      // The seed writer: one transaction that writes the rows and bumps the catalogue version.
      await writeSeed(writer.db, changed, hashSeed(changed));
      const committed = performance.now();

      const seenAfter = async (check: () => Promise<boolean>) => {
        for (;;) {
          if (await check()) return performance.now() - committed;
          if (performance.now() - committed > 5000) throw new Error('the change was not served within 5 s');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      };
      const detailMs = await seenAfter(async () => {
        const detail = JSON.parse((await send(b.base, `/api/cocktails/${id}`)).text) as { name?: string };
        return detail.name === renamed.name;
      });
      const searchMs = await seenAfter(async () => {
        const page = JSON.parse((await send(b.base, `/api/cocktails?q=${word}`)).text) as { total: number };
        return page.total === 2;
      });
      console.info(
        `[scale] (c) catalogue change served by the other process after ${Math.round(detailMs)} ms (detail), ${Math.round(searchMs)} ms (search)`,
      );
      expect(detailMs).toBeLessThan(1000);
      expect(searchMs).toBeLessThan(1000);
    });

    it('(d) killing one process with SIGKILL under load loses no acknowledged write', async () => {
      const users = [
        { email: `scale-d1-${randomBytes(3).toString('hex')}@example.test`, from: '127.0.0.5' },
        { email: `scale-d2-${randomBytes(3).toString('hex')}@example.test`, from: '127.0.0.6' },
      ];
      const sessions = [];
      for (const [i, user] of users.entries()) {
        const cookie = await signIn(i === 0 ? a : b, i === 0 ? b : a, user.email, user.from);
        const me = JSON.parse((await send(a.base, '/api/me', { cookie, from: user.from })).text) as {
          user: { id: string };
        };
        sessions.push({ ...user, cookie, id: me.user.id });
      }
      const { rows: cocktails } = await db.query<{ id: number }>('select id from cocktail order by id');
      const ids = cocktails.map((row) => Number(row.id));

      const acknowledged: { userId: string; cocktailId: number }[] = [];
      let failed = 0;
      let killedAt: number | null = null;
      let acknowledgedAfterKill = 0;
      // Four workers per user, alternating between the processes, each favoriting its own share of the catalogue.
      const workers = sessions.flatMap((session, u) =>
        [0, 1, 2, 3].map(async (w) => {
          for (let k = w; k < ids.length; k += 4) {
            const via = (k + u) % 2 === 0 ? a : b;
            const cocktailId = ids[k]!;
            try {
              const answer = await send(via.base, `/api/me/favorites/${cocktailId}`, {
                method: 'PUT',
                cookie: session.cookie,
                from: session.from,
              });
              if (answer.status === 200) {
                acknowledged.push({ userId: session.id, cocktailId });
                if (killedAt !== null) acknowledgedAfterKill += 1;
              } else failed += 1;
            } catch {
              failed += 1; // the killed process: no answer, so nothing was acknowledged
            }
          }
        }),
      );
      const killer = (async () => {
        while (acknowledged.length < Math.min(40, ids.length / 2))
          await new Promise((resolve) => setTimeout(resolve, 5));
        killedAt = acknowledged.length;
        a.child.kill('SIGKILL');
      })();
      await Promise.all([...workers, killer]);

      const { rows } = await db.query<{ user_id: string; cocktail_id: number }>(
        'select user_id, cocktail_id from user_favorites where user_id = any($1)',
        [sessions.map((session) => session.id)],
      );
      const stored = new Set(rows.map((row) => `${row.user_id}:${Number(row.cocktail_id)}`));
      const lost = acknowledged.filter((write) => !stored.has(`${write.userId}:${write.cocktailId}`));
      console.info(
        `[scale] (d) ${acknowledged.length} favorites acknowledged (${killedAt} before SIGKILL, ${acknowledgedAfterKill} after, by the survivor), ${failed} refused or cut off, ${lost.length} lost`,
      );
      expect(a.child.signalCode).toBe('SIGKILL');
      expect(killedAt).not.toBeNull();
      expect(acknowledgedAfterKill).toBeGreaterThan(0);
      expect(failed).toBeGreaterThan(0);
      expect(lost).toEqual([]);
      // The survivor still serves both users' sessions.
      for (const session of sessions) {
        expect((await send(b.base, '/api/me', { cookie: session.cookie, from: session.from })).status).toBe(200);
      }
    });
  },
);
