/**
 * `npm run fuzz`: the hostile-request suite (not part of `npm test`). Sends generated requests to every API route through
 * the app in-process, signed out and signed in, on SQLite and (when TEST_DATABASE_URL is set) PostgreSQL, and fails with
 * exit code 1 on any 5xx, stack trace or SQL text in an answer, error body of the wrong shape, leak of the victim's data
 * or of a server secret, change to the victim's rows, or an unhealthy server afterwards. Options:
 * - `--count N`: requests per database (default 10,000);
 * - `--seed N`: the run's seed (default 1): the same seed draws the same requests;
 * - `--route TEXT`: only routes whose id contains TEXT (e.g. `--route "POST /api/events"`);
 * - `--database sqlite|postgres`: one database only;
 * - `--outage N`: after the main run, N more requests with the database taken away (503 expected; not in the default
 *   run);
 * - `--no-shrink`: report first occurrences without shrinking them.
 * Writes the reports as JSON to var/fuzz/last-run.json.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { format } from 'node:util';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Dialect } from '@/server/db/database';
import { testDialects } from '../../tests/support/test-database';
import { runCampaign } from './campaign';
import type { CampaignReport } from './campaign/types';
import { summarize, toJsonReport } from './report';

/** The parsed command line. */
export interface FuzzArguments {
  count: number;
  seed: number;
  route: string | null;
  databases: Dialect[];
  shrink: boolean;
  /** Requests sent after the main run with the database taken away (0: none). */
  outage: number;
}

/**
 * Parses the command line (see the module comment).
 * @throws Error naming a bad or unknown option.
 */
export function parseArguments(argv: readonly string[], env: Record<string, string | undefined>): FuzzArguments {
  const parsed: FuzzArguments = {
    count: 10_000,
    seed: 1,
    route: null,
    databases: env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'],
    shrink: true,
    outage: 0,
  };
  const whole = (name: string, text: string | undefined, min: number) => {
    const value = Number(text);
    if (!Number.isSafeInteger(value) || value < min) throw new Error(`${name} takes a whole number of at least ${min}`);
    return value;
  };
  for (let i = 0; i < argv.length; i += 1) {
    const option = argv[i]!;
    const [name, inline] = option.includes('=') ? option.split(/=(.*)/s) : [option, undefined];
    const value = () => inline ?? argv[++i];
    switch (name) {
      case '--count':
        parsed.count = whole('--count', value(), 1);
        break;
      case '--seed':
        parsed.seed = whole('--seed', value(), -(2 ** 31));
        break;
      case '--route':
        parsed.route = value() ?? null;
        if (!parsed.route) throw new Error('--route takes the text of a route id');
        break;
      case '--database': {
        const database = value();
        if (database !== 'sqlite' && database !== 'postgres') throw new Error('--database takes sqlite or postgres');
        if (database === 'postgres' && !env.TEST_DATABASE_URL)
          throw new Error('--database postgres needs TEST_DATABASE_URL');
        parsed.databases = [database];
        break;
      }
      case '--outage':
        parsed.outage = whole('--outage', value(), 1);
        break;
      case '--no-shrink':
        parsed.shrink = false;
        break;
      default:
        throw new Error(
          `unknown option ${option} (known: --count N, --seed N, --route TEXT, --database D, --outage N, --no-shrink)`,
        );
    }
  }
  return parsed;
}

/** Prints a line to standard output (console.* is taken over while the app runs). */
const print = (line = '') => void process.stdout.write(`${line}\n`);

/**
 * Sends whatever the app (better-auth, libraries) writes through console.* to `file` instead of the terminal, so the
 * summary stays readable; returns how many lines were written and a way to put the console back.
 */
function captureConsole(file: string): { lines: () => number; restore: () => void } {
  const methods = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;
  const saved = methods.map((name) => [name, console[name]] as const);
  let lines = 0;
  writeFileSync(file, '');
  for (const name of methods) {
    console[name] = (...args: unknown[]) => {
      lines += 1;
      appendFileSync(file, `[${name}] ${format(...args)}\n`);
    };
  }
  return {
    lines: () => lines,
    restore: () => {
      for (const [name, method] of saved) console[name] = method;
    },
  };
}

/** Runs the suite; resolves to the exit code (0: no failure; 1: failures; 2: bad arguments or setup failure). */
export async function main(argv: readonly string[], env = process.env): Promise<number> {
  let args: FuzzArguments;
  try {
    args = parseArguments(argv, env);
  } catch (error) {
    console.error(`fuzz: ${(error as Error).message}`);
    return 2;
  }
  const databases = args.databases.filter((database) => testDialects().includes(database));
  const folder = path.join(process.cwd(), 'var', 'fuzz');
  mkdirSync(folder, { recursive: true });
  const consoleFile = path.join(folder, 'app-console.log');
  print(
    `fuzz: ${args.count.toLocaleString('en-US')} requests per database on ${databases.join(' and ')}, seed ${args.seed}` +
      `${args.route ? `, routes matching ${JSON.stringify(args.route)}` : ''}`,
  );
  const started = performance.now();
  const reports: CampaignReport[] = [];
  const captured = captureConsole(consoleFile);
  try {
    for (const dialect of databases) {
      reports.push(
        await runCampaign({
          dialect,
          seed: args.seed,
          count: args.count,
          routeFilter: args.route,
          shrink: args.shrink,
          outage: args.outage,
          progress: (line) => print(line),
        }),
      );
    }
  } catch (error) {
    captured.restore();
    console.error(`fuzz: a campaign could not run: ${(error as Error).stack ?? String(error)}`);
    return 2;
  }
  captured.restore();
  print();
  for (const report of reports) print(`${summarize(report).join('\n')}\n`);
  if (captured.lines() > 0) {
    print(`(the app wrote ${captured.lines()} lines to the console: ${path.relative(process.cwd(), consoleFile)})`);
  }
  const failures = reports.reduce((sum, report) => sum + report.failures.length, 0);
  const total = reports.reduce((sum, report) => sum + report.requests, 0);
  const file = path.join(folder, 'last-run.json');
  try {
    writeFileSync(file, `${JSON.stringify(toJsonReport(reports), null, 2)}\n`);
  } catch (error) {
    console.error(`fuzz: could not write ${file}: ${(error as Error).message}`);
  }
  print(
    `fuzz: ${total.toLocaleString('en-US')} requests in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
      `${failures === 0 ? 'no failures' : `${failures} distinct failures (FAILED)`}; details in ${path.relative(process.cwd(), file)}`,
  );
  return failures === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(2);
    },
  );
}
