import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../support/free-port';

/** Re-exported for the journeys and the benchmark. */
export { freePort };

/** A running Barback server for the journeys: its own SQLite file, a random port, the built client. */
export interface TestServer {
  /** Base URL for calls from Node, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  /**
   * The app's origin as the browser uses it, e.g. http://localhost:41234: APP_URL's default, so the links the server mails
   * and the provider redirects land on the origin that holds the cookies.
   */
  origin: string;
  /** The server's SQLite file (for benchmarks that set up data straight in the database while the server runs). */
  databaseFile: string;
  /** Everything the server printed, for failure reports. */
  output: () => string;
  stop: () => Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * The one place that starts a server process, from the project root, with `env` as its whole environment:
 * `src/server/main.ts` through tsx, or with `built` the compiled `dist/server/main.js` (`npm run build` first), as
 * `npm start` runs it.
 */
function spawnServerProcess(env: NodeJS.ProcessEnv, built: boolean): ChildProcess {
  const entry = built ? ['dist/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'];
  return spawn(process.execPath, entry, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * Starts the real server as a child process in production mode (unless `env` says otherwise), on a fresh SQLite file in a
 * temp folder and a free port, and waits until `GET /api/health` answers 200.
 * @param env extra environment variables (e.g. NODE_ENV=test, SMTP_URL for the mail capture); they win over the defaults
 * @param options.built run the compiled server (dist/server/main.js) instead of the sources through tsx (the benchmark)
 * @throws Error with the server's output when it exits or does not become healthy within 60 s
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { built?: boolean } = {},
): Promise<TestServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'barback-e2e-'));
  const databaseFile = path.join(dir, 'barback.sqlite');
  const port = await freePort();
  let output = '';
  const child = spawnServerProcess(
    {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${databaseFile}`,
      LOG_LEVEL: 'warn',
      BETTER_AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
      ...env,
    },
    options.built ?? false,
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not become healthy in 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, origin: `http://localhost:${port}`, databaseFile, output: () => output, stop };
}
