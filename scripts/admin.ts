/**
 * `npm run admin -- <command>`: support staff's tool for paid plans, on the configured database (DATABASE_URL; migrated
 * first). Commands:
 * - `grant <email> pro|enterprise [--days N]`: grants the entitlement (source 'admin'), for N days or for good;
 * - `revoke <email> pro|enterprise`: ends the entitlement now (the row stays as history);
 * - `show <email>`: the plan and every entitlement (name, source, expiry or 'never', active or lapsed);
 * - `seats <venue-slug> <n>`: sets an Enterprise venue's staff seats to n (0-500, not below the seats in use: members but
 *   the owner, and waiting invitations), and prints the new limit and the seats in use.
 * Errors are one line on stderr with exit code 1.
 */
import { pathToFileURL } from 'node:url';
import { isEntitlementName, PLAN_LABELS, type EntitlementName } from '@/shared/domain/plans';
import { ConfigError, loadConfig } from '@/server/config';
import { createDatabase } from '@/server/db/database';
import { migrateToLatest } from '@/server/db/migrate';
import { findUserIdByEmail, getSubscriptionStatus, grantEntitlement, revokeEntitlement } from '@/server/payments';
import { setSeatLimit } from '@/server/venues';
import { MAX_SEATS } from '@/shared/domain/venues';

/** Where the CLI writes: anything with `write(text)` (process.stdout, or a collector in tests). */
export interface AdminOutput {
  write(text: string): unknown;
}

/** What {@link runAdmin} needs besides its arguments. */
export interface AdminOptions {
  /** The environment to read the configuration from (DATABASE_URL...), as `process.env`. */
  env: Record<string, string | undefined>;
  stdout: AdminOutput;
  stderr: AdminOutput;
  /** The clock (default: the system clock), for grants, revokes and what counts as active. */
  now?: () => Date;
}

/** Longest grant, days (100 years; what grantEntitlement accepts). */
export const MAX_GRANT_DAYS = 36_600;

/** The help text (`--help`, or no arguments). */
export const ADMIN_USAGE = `Usage: npm run admin -- <command>

Commands:
  grant <email> pro|enterprise [--days N]   grant an entitlement for N days (1-${MAX_GRANT_DAYS}), or for good without --days
  revoke <email> pro|enterprise             end an entitlement now
  show <email>                              the plan and every entitlement of a user
  seats <venue-slug> <n>                    set a venue's staff seats to n (0-${MAX_SEATS}, not below the seats in use)

The database is the one DATABASE_URL names (default: the SQLite file var/barback.sqlite); it is migrated first.
`;

/** A mistake in the command line or an unknown user: reported as one line, exit code 1. */
class UsageError extends Error {}

function entitlementArg(value: string | undefined): EntitlementName {
  if (value === undefined) throw new UsageError('missing entitlement: expected pro or enterprise');
  if (!isEntitlementName(value)) throw new UsageError(`unknown entitlement '${value}': expected pro or enterprise`);
  return value;
}

function emailArg(value: string | undefined): string {
  if (value === undefined || value.trim() === '' || value.startsWith('--')) throw new UsageError('missing <email>');
  return value.trim();
}

/** `--days N` or `--days=N` among `rest`, or null when absent. @throws UsageError for a bad value or another option. */
function daysOption(rest: readonly string[]): number | null {
  let raw: string | undefined;
  let seen = false;
  for (let index = 0; index < rest.length; index += 1) {
    const arg = rest[index] ?? '';
    if (arg === '--days') {
      raw = rest[index + 1];
      index += 1;
    } else if (arg.startsWith('--days=')) raw = arg.slice('--days='.length);
    else throw new UsageError(`unexpected argument '${arg}'`);
    if (seen) throw new UsageError('--days given twice');
    seen = true;
  }
  if (!seen) return null;
  const days = raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(days) || days < 1 || days > MAX_GRANT_DAYS) {
    throw new UsageError(`--days must be a whole number from 1 to ${MAX_GRANT_DAYS}, not '${raw ?? ''}'`);
  }
  return days;
}

function slugArg(value: string | undefined): string {
  if (value === undefined || value.trim() === '' || value.startsWith('--'))
    throw new UsageError('missing <venue-slug>');
  return value.trim();
}

/** The `<n>` of `seats`: a whole number from 0 to MAX_SEATS. @throws UsageError for anything else, or none. */
function seatsArg(value: string | undefined): number {
  if (value === undefined) throw new UsageError('missing <n>: the number of staff seats');
  const seats = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(seats) || seats > MAX_SEATS) {
    throw new UsageError(`<n> must be a whole number from 0 to ${MAX_SEATS}, not '${value}'`);
  }
  return seats;
}

function expectNoMore(rest: readonly string[]): void {
  if (rest.length > 0) throw new UsageError(`unexpected argument '${rest[0]}'`);
}

/**
 * Runs one admin command in-process (the `npm run admin` entry calls it with process.argv.slice(2)).
 * @param argv the arguments after the script name, e.g. `['grant', 'ada@example.com', 'pro', '--days', '30']`.
 * @returns the exit code: 0 done (also for a revoke with nothing active to end, and for `--help`), 1 for any error: no or
 *   an unknown command, an unknown email, an unknown entitlement, a bad `--days`, an unknown venue, a bad seat number
 *   or one below the seats in use, a bad environment or a database failure, each reported as one `admin: ...` line on
 *   stderr (no arguments also print the usage).
 */
export async function runAdmin(argv: readonly string[], options: AdminOptions): Promise<number> {
  const { stdout, stderr, now = () => new Date() } = options;
  const fail = (message: string) => {
    stderr.write(`admin: ${message}\n`);
    return 1;
  };
  const [command, ...args] = argv;
  if (command === undefined) {
    stderr.write(ADMIN_USAGE);
    return 1;
  }
  if (command === '--help' || command === '-h' || command === 'help' || argv.includes('--help')) {
    stdout.write(ADMIN_USAGE);
    return 0;
  }
  if (command !== 'grant' && command !== 'revoke' && command !== 'show' && command !== 'seats') {
    return fail(`unknown command '${command}': expected grant, revoke, show or seats (see --help)`);
  }

  // `seats` names a venue; the other commands name a user.
  let parsed: { email: string; name: EntitlementName | null; days: number | null } | { slug: string; seats: number };
  try {
    if (command === 'seats') {
      parsed = { slug: slugArg(args[0]), seats: seatsArg(args[1]) };
      expectNoMore(args.slice(2));
    } else if (command === 'show') {
      const email = emailArg(args[0]);
      expectNoMore(args.slice(1));
      parsed = { email, name: null, days: null };
    } else {
      const email = emailArg(args[0]);
      const name = entitlementArg(args[1]);
      if (command === 'revoke') expectNoMore(args.slice(2));
      parsed = { email, name, days: command === 'grant' ? daysOption(args.slice(2)) : null };
    }
  } catch (error) {
    if (error instanceof UsageError) return fail(error.message);
    throw error;
  }

  let config;
  try {
    config = loadConfig(options.env);
  } catch (error) {
    if (error instanceof ConfigError) return fail(`invalid environment: ${error.problems.join('; ')}`);
    throw error;
  }
  const database = createDatabase(config);
  try {
    await migrateToLatest(database);
    const { db } = database;
    if ('slug' in parsed) {
      const seats = await setSeatLimit({ db, slug: parsed.slug, seats: parsed.seats });
      stdout.write(
        `venue ${parsed.slug}: ${seats.limit} staff seat${seats.limit === 1 ? '' : 's'}, ${seats.used} in use\n`,
      );
      return 0;
    }
    const userId = await findUserIdByEmail(db, parsed.email);
    if (!userId) return fail(`no user has the email ${parsed.email}`);

    if (command === 'grant' && parsed.name) {
      const granted = await grantEntitlement({ db, userId, name: parsed.name, days: parsed.days, now });
      stdout.write(
        granted.expiresAt === null
          ? `granted ${parsed.name} to ${parsed.email}: never expires\n`
          : `granted ${parsed.name} to ${parsed.email} until ${granted.expiresAt} (${parsed.days} days)\n`,
      );
      return 0;
    }
    if (command === 'revoke' && parsed.name) {
      const ended = await revokeEntitlement({ db, userId, name: parsed.name, now });
      stdout.write(
        ended
          ? `revoked ${parsed.name} of ${parsed.email}: ended ${now().toISOString()}\n`
          : `${parsed.email} has no active ${parsed.name}: nothing to revoke\n`,
      );
      return 0;
    }

    const status = await getSubscriptionStatus({ db, userId, now });
    const lines = [`${parsed.email} (user ${userId}): plan ${PLAN_LABELS[status.plan]}`];
    if (status.details.length === 0) lines.push('  no entitlements');
    for (const entry of status.details) {
      lines.push(
        `  ${entry.name.padEnd(10)}  source ${entry.source.padEnd(10)}  expires ${(entry.expiresAt ?? 'never').padEnd(24)}  ` +
          (entry.active ? 'active' : 'lapsed'),
      );
    }
    stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } catch (error) {
    return fail((error as Error).message.split('\n')[0] ?? 'failed');
  } finally {
    await database.destroy();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runAdmin(process.argv.slice(2), {
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
  });
}
