/** The benches' server of the built app: starting and stopping dist/server/main.js, and signing a user in. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../tests/e2e/support/server';

const root = path.resolve(import.meta.dirname, '../..');
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A server process of the built app (dist/server/main.js) on `databaseUrl`. */
export interface Running {
  url: string;
  child: ChildProcess;
  output: () => string;
}

/** How {@link startServer} runs the server: its port (default a free one), extra environment and Node flags. */
export interface ServerOptions {
  port?: number;
  env?: Record<string, string>;
  /** Flags for node before the script, e.g. `['--cpu-prof', '--cpu-prof-dir=/tmp/prof']`. */
  nodeArgs?: string[];
}

/** Starts dist/server/main.js on `databaseUrl` (test mode: cookies without Secure, the dev mailbox on loopback). */
export async function startServer(databaseUrl: string, options: ServerOptions = {}): Promise<Running> {
  const listen = options.port ?? (await freePort());
  let output = '';
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), 'dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DEV_TOOLS: '1',
      PORT: String(listen),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${listen}`,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'error',
      BETTER_AUTH_SECRET: SECRET,
      // The bench signs many users in from one machine: each plays its own client address through this header.
      TRUST_PROXY_HEADER: 'x-forwarded-for',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${listen}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server not healthy in 90 s:\n${output}`);
    await sleep(200);
  }
  return { url, child, output: () => output };
}

export async function stopServer(server: Running, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}

/** The session cookies a browser sends back: the token and better-auth's signed session cache. */
const SESSION_COOKIES = ['barback.session_token=', 'barback.session_data='];

/**
 * `cookie` (a Cookie header) with the session cookies of `setCookies` (Set-Cookie values) put in, as a browser keeps its
 * jar: a new value replaces the old, an emptied one goes.
 */
export function withSetCookies(cookie: string, setCookies: readonly string[]): string {
  const jar = new Map(cookie ? cookie.split('; ').map((pair) => [pair.slice(0, pair.indexOf('=') + 1), pair]) : []);
  for (const line of setCookies) {
    const pair = line.split(';')[0] ?? '';
    const name = SESSION_COOKIES.find((prefix) => pair.startsWith(prefix));
    if (!name) continue;
    if (pair === name || /max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}

/** Signs a fresh user in through the emailed link (read from the dev mailbox); returns the Cookie header. */
let signIns = 0;
export async function signIn(url: string, email: string): Promise<string> {
  signIns += 1;
  const client = `10.9.${Math.floor(signIns / 250)}.${(signIns % 250) + 1}`;
  const requested = await fetch(`${url}/api/auth/sign-in/magic-link`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: url,
      'x-forwarded-for': client,
    },
    body: JSON.stringify({ email, callbackURL: '/auth/callback' }),
  });
  if (!requested.ok) throw new Error(`magic link: ${requested.status} ${await requested.text()}`);
  // The mailbox answers the machine itself only: behind the trusted header, a loopback entry says so.
  const box = (await (
    await fetch(`${url}/api/dev/mailbox`, { headers: { 'x-forwarded-for': '127.0.0.1' } })
  ).json()) as {
    messages: { to: string; text: string }[];
  };
  const mail = box.messages.find((message) => JSON.stringify(message).includes(email));
  const link = /https?:\/\/\S+\/api\/auth\/magic-link\/verify\?\S+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no link for ${email}`);
  const followed = await fetch(link, { redirect: 'manual', headers: { 'x-forwarded-for': client } });
  const cookie = withSetCookies('', followed.headers.getSetCookie());
  if (!cookie.includes('barback.session_token=')) throw new Error('no session cookie');
  return cookie;
}
