import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import type { Health } from '@/shared/schemas/health';
import type { CocktailPage } from '@/shared/schemas/cocktail';
import { createTestDatabase, testDialects, type TestDatabase } from '../../tests/support/test-database';
import { freePort } from '../../tests/support/free-port';
import { PROJECT_ROOT } from './config';
import { main, type RunningServer } from './main';

/** Sends raw bytes to the server and returns the raw response text. */
function rawRequest(port: number, payload: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(payload));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

describe.each(testDialects())('the real server on %s', (dialect) => {
  let database: TestDatabase;
  let server: RunningServer;
  let base: string;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { migrate: false });
    await database.destroy();
    const url = database.database.dialect === 'sqlite' ? `sqlite:${database.database.file}` : database.database.url;
    server = await main({
      env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: url },
      handleSignals: false,
    });
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server?.close();
    await database.drop();
  });

  it('migrates, seeds and answers the API over HTTP', async () => {
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as Health).database.dialect).toBe(dialect);
    const list = (await (await fetch(`${base}/api/cocktails?pageSize=5`)).json()) as CocktailPage;
    expect(list.total).toBeGreaterThan(0);
    expect(list.items.length).toBeGreaterThan(0);
  });

  it('answers a 10 kB query string with 400 naming q', async () => {
    const response = await fetch(`${base}/api/cocktails?q=${'x'.repeat(10_000)}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiErrorBody).error.message).toBe('q must be at most 200 characters');
  });

  it('answers a URL too long for the HTTP parser with 431 JSON, and keeps serving', async () => {
    const raw = await rawRequest(
      server.port,
      `GET /api/cocktails?q=${'x'.repeat(40_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(raw).toMatch(/content-type: application\/json/i);
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as ApiErrorBody;
    expect(body.error.code).toBe('BAD_REQUEST');
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });

  it('answers a malformed request with 400 JSON', async () => {
    const raw = await rawRequest(server.port, 'THIS IS NOT HTTP\r\n\r\n');
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      error: { code: 'BAD_REQUEST', message: 'malformed HTTP request' },
    });
  });
});

describe('main.ts as a process', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'barback-main-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses to start with bad variables, listing each', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PORT');
    expect(stderr).toContain('LOG_LEVEL');
    expect(stderr).toContain('DATABASE_URL');
  });

  /** `node src/server/main.ts` in production mode on a SQLite file in the test's folder, logging JSON lines at info. */
  const spawnServer = (file: string, env: Record<string, string> = {}) =>
    spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: path.join(dir, file),
        BETTER_AUTH_SECRET: 'main-test-secret-0123456789-main-test-secret',
        ...env,
      },
    });

  it('starts, serves and stops cleanly on SIGTERM', async () => {
    const child = spawnServer('main.sqlite');
    let stdout = '';
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        stdout += chunk.toString();
        const match = /"port":(\d+)/.exec(stdout);
        if (match && stdout.includes('server listening')) resolve(Number(match[1]));
      });
      child.on('exit', (code) => reject(new Error(`exited with ${code}: ${stdout}`)));
    });
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // JSON lines in production.
    const lines = stdout.trim().split('\n');
    expect(lines.every((line) => JSON.parse(line).msg !== undefined)).toBe(true);
    expect(stdout).toContain('stopped');
  }, 60_000);

  it('runs WEB_CONCURRENCY workers on one port, replaces one that dies, and stops them all on SIGTERM', async () => {
    const port = await freePort();
    const child = spawnServer('cluster.sqlite', { PORT: String(port), WEB_CONCURRENCY: '2' });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    onTestFinished(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    const health = () => fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(10_000) });
    await waitFor(
      () => stdout.includes('cluster listening'),
      60_000,
      () => stdout,
    );
    const workers = workerPids(child.pid as number);
    expect(workers).toHaveLength(2);
    expect((await health()).status).toBe(200);

    process.kill(workers[0] as number, 'SIGKILL');
    // The other worker keeps answering while the dead one is replaced.
    expect((await health()).status).toBe(200);
    // Replaced: a new worker, listening again.
    await waitFor(
      () => (stdout.match(/server listening/g) ?? []).length >= 3,
      60_000,
      () => stdout,
    );
    expect(workerPids(child.pid as number)).not.toContain(workers[0]);
    expect(stdout).toContain('worker exited; replacing it');
    expect((await health()).status).toBe(200);

    const running = workerPids(child.pid as number);
    child.kill('SIGTERM');
    const code = await Promise.race([
      exited,
      new Promise((_, reject) => setTimeout(() => reject(new Error(`no exit after SIGTERM:\n${stdout}`)), 30_000)),
    ]);
    expect(code).toBe(0);
    for (const pid of running) expect(isAlive(pid)).toBe(false);
  }, 180_000);
});

/** Process ids of the node children of `parent` (Linux `ps`; tsx's esbuild helper is left out). */
function workerPids(parent: number): number[] {
  const out = execFileSync('ps', ['--ppid', String(parent), '-o', 'pid=,comm='], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([pid, command]) => pid && command === 'node')
    .map(([pid]) => Number(pid));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor(check: () => boolean, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting; the server printed:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
