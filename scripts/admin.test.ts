import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import type { Venue, VenueMembers } from '@/shared/schemas/venues';
import { postJson, randomEmail, signIn, TEST_ORIGIN, userIdOf } from '../tests/support/auth';
import type { CookieJar } from '../tests/support/cookie-jar';
import { planSeenBy } from '../tests/support/payments';
import { createTestApp, type TestApp } from '../tests/support/test-app';
import { createTestDatabase, testDialects } from '../tests/support/test-database';
import { ADMIN_USAGE, runAdmin } from './admin';

const ROOT = path.resolve(import.meta.dirname, '..');
const DAY_MS = 86_400_000;

/** Collects what the CLI writes. */
function collector() {
  let text = '';
  return { write: (chunk: string) => void (text += chunk), text: () => text };
}

describe.each(testDialects())('npm run admin on %s', (dialect) => {
  let t: TestApp;
  let env: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    const database = t.database.database;
    env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.dialect === 'sqlite' ? database.file : database.url,
    };
  });
  afterAll(() => t?.close());

  /** Runs the CLI in-process against the test app's database. */
  async function admin(argv: string[], now?: Date) {
    const stdout = collector();
    const stderr = collector();
    const code = await runAdmin(argv, { env, stdout, stderr, now: now ? () => now : undefined });
    return { code, out: stdout.text(), err: stderr.text() };
  }

  async function user(label = 'member'): Promise<{ jar: CookieJar; id: string; email: string }> {
    const email = randomEmail(label);
    const jar = await signIn(t, email);
    return { jar, id: await userIdOf(t, jar), email };
  }

  const bar = (jar: CookieJar) => t.json<ApiErrorBody>('/api/me/bar', { headers: jar.headers() });
  /** A paid write (adding a bottle): refused once a plan ends, while a lapsed plan still reads the bar. */
  const addBottle = (jar: CookieJar) =>
    t.json<ApiErrorBody>('/api/me/bar/1', { method: 'PUT', headers: { origin: TEST_ORIGIN, ...jar.headers() } });

  describe('usage', () => {
    it('prints the usage for --help (exit 0) and for no arguments (exit 1, on stderr)', async () => {
      for (const argv of [['--help'], ['-h'], ['help'], ['grant', '--help']]) {
        expect(await admin(argv)).toEqual({ code: 0, out: ADMIN_USAGE, err: '' });
      }
      expect(await admin([])).toEqual({ code: 1, out: '', err: ADMIN_USAGE });
      expect(ADMIN_USAGE).toMatch(/grant <email> pro\|enterprise \[--days N\]/);
      expect(ADMIN_USAGE).toMatch(/revoke <email> pro\|enterprise/);
      expect(ADMIN_USAGE).toMatch(/show <email>/);
      expect(ADMIN_USAGE).toMatch(/seats <venue-slug> <n>/);
    });

    it('refuses an unknown command in one line', async () => {
      expect(await admin(['promote', 'a@example.test'])).toEqual({
        code: 1,
        out: '',
        err: "admin: unknown command 'promote': expected grant, revoke, show or seats (see --help)\n",
      });
    });
  });

  describe('grant', () => {
    it('grants for good: the user has the plan at once, over HTTP', async () => {
      const { jar, email } = await user();
      expect((await bar(jar)).status).toBe(403);
      const result = await admin(['grant', email.toUpperCase(), 'pro']);
      expect(result).toEqual({ code: 0, out: `granted pro to ${email.toUpperCase()}: never expires\n`, err: '' });
      const seen = await planSeenBy(t, jar);
      expect(seen).toMatchObject({ plan: 'pro', entitlements: ['pro'] });
      expect(seen.me.entitlementDetails).toEqual([
        expect.objectContaining({ name: 'pro', source: 'admin', expiresAt: null, store: null, active: true }),
      ]);
      expect((await bar(jar)).status).toBe(200);
    });

    it('grants for N days, with --days N or --days=N, from the clock it runs on', async () => {
      const { jar, email } = await user();
      const now = new Date('2031-03-01T12:00:00.000Z');
      expect(await admin(['grant', email, 'enterprise', '--days', '30'], now)).toEqual({
        code: 0,
        out: `granted enterprise to ${email} until 2031-03-31T12:00:00.000Z (30 days)\n`,
        err: '',
      });
      expect(await admin(['grant', email, 'pro', '--days=7'], now)).toMatchObject({ code: 0 });
      const details = (await planSeenBy(t, jar)).me.entitlementDetails;
      expect(details.map((entry) => [entry.name, entry.expiresAt])).toEqual([
        ['enterprise', new Date(now.getTime() + 30 * DAY_MS).toISOString()],
        ['pro', new Date(now.getTime() + 7 * DAY_MS).toISOString()],
      ]);
    });

    it.each([
      [['--days', '0'], "--days must be a whole number from 1 to 36600, not '0'"],
      [['--days', '-3'], "--days must be a whole number from 1 to 36600, not '-3'"],
      [['--days', 'abc'], "--days must be a whole number from 1 to 36600, not 'abc'"],
      [['--days', '1.5'], "--days must be a whole number from 1 to 36600, not '1.5'"],
      [['--days', '36601'], "--days must be a whole number from 1 to 36600, not '36601'"],
      [['--days'], "--days must be a whole number from 1 to 36600, not ''"],
      [['--days=', ''], "--days must be a whole number from 1 to 36600, not ''"],
      [['--days', '3', '--days', '4'], '--days given twice'],
      [['--weeks', '2'], "unexpected argument '--weeks'"],
    ])('refuses bad days %j in one line and grants nothing', async (options, message) => {
      const { jar, email } = await user();
      expect(await admin(['grant', email, 'pro', ...options.filter((option) => option !== '')])).toEqual({
        code: 1,
        out: '',
        err: `admin: ${message}\n`,
      });
      expect((await planSeenBy(t, jar)).plan).toBe('free');
    });

    it('refuses an unknown or missing entitlement, an unknown or missing email', async () => {
      const { jar, email } = await user();
      expect(await admin(['grant', email, 'gold'])).toEqual({
        code: 1,
        out: '',
        err: "admin: unknown entitlement 'gold': expected pro or enterprise\n",
      });
      expect(await admin(['grant', email, 'Pro'])).toMatchObject({ code: 1 });
      expect(await admin(['grant', email])).toEqual({
        code: 1,
        out: '',
        err: 'admin: missing entitlement: expected pro or enterprise\n',
      });
      expect(await admin(['grant'])).toEqual({ code: 1, out: '', err: 'admin: missing <email>\n' });
      expect(await admin(['grant', 'nobody@example.test', 'pro'])).toEqual({
        code: 1,
        out: '',
        err: 'admin: no user has the email nobody@example.test\n',
      });
      expect((await planSeenBy(t, jar)).plan).toBe('free');
    });
  });

  describe('revoke', () => {
    it('ends the entitlement at once (the gate shuts), and says so when there is nothing to end', async () => {
      const { jar, email } = await user();
      await admin(['grant', email, 'pro']);
      expect((await bar(jar)).status).toBe(200);
      const now = new Date();
      expect(await admin(['revoke', email, 'pro'], now)).toEqual({
        code: 0,
        out: `revoked pro of ${email}: ended ${now.toISOString()}\n`,
        err: '',
      });
      expect((await addBottle(jar)).status).toBe(403);
      expect(await planSeenBy(t, jar)).toMatchObject({ plan: 'free', entitlements: [] });
      expect(await admin(['revoke', email, 'pro'])).toEqual({
        code: 0,
        out: `${email} has no active pro: nothing to revoke\n`,
        err: '',
      });
      expect(await admin(['revoke', email, 'enterprise'])).toMatchObject({ code: 0 });
    });

    it('refuses an unknown entitlement or email, and extra arguments', async () => {
      const { email } = await user();
      expect(await admin(['revoke', email, 'platinum'])).toMatchObject({
        code: 1,
        err: "admin: unknown entitlement 'platinum': expected pro or enterprise\n",
      });
      expect(await admin(['revoke', 'ghost@example.test', 'pro'])).toMatchObject({
        code: 1,
        err: 'admin: no user has the email ghost@example.test\n',
      });
      expect(await admin(['revoke', email, 'pro', '--days', '3'])).toMatchObject({
        code: 1,
        err: "admin: unexpected argument '--days'\n",
      });
    });
  });

  describe('show', () => {
    it('prints the plan and each entitlement: name, source, expiry or never, active or lapsed', async () => {
      const { id, email } = await user();
      expect(await admin(['show', email])).toEqual({
        code: 0,
        out: `${email} (user ${id}): plan Free\n  no entitlements\n`,
        err: '',
      });
      const then = new Date('2020-01-01T00:00:00.000Z');
      await admin(['grant', email, 'enterprise', '--days', '10'], then);
      await admin(['grant', email, 'pro']);
      const shown = await admin(['show', email]);
      expect(shown.code).toBe(0);
      expect(shown.err).toBe('');
      expect(shown.out.split('\n')).toEqual([
        `${email} (user ${id}): plan Pro`,
        expect.stringMatching(/^ {2}enterprise +source admin +expires 2020-01-11T00:00:00\.000Z +lapsed$/),
        expect.stringMatching(/^ {2}pro +source admin +expires never +active$/),
        '',
      ]);
      // On the grant's own clock the enterprise grant is active, and it makes the plan Enterprise.
      const onTheDay = await admin(['show', email], new Date('2020-01-05T00:00:00.000Z'));
      expect(onTheDay.out).toMatch(/plan Enterprise\n {2}enterprise .* active\n/);
    });

    it('refuses an unknown email and extra arguments', async () => {
      expect(await admin(['show', 'nobody@example.test'])).toEqual({
        code: 1,
        out: '',
        err: 'admin: no user has the email nobody@example.test\n',
      });
      expect(await admin(['show', 'a@example.test', 'pro'])).toMatchObject({
        code: 1,
        err: "admin: unexpected argument 'pro'\n",
      });
    });
  });

  describe('seats', () => {
    /** An enterprise owner (granted through the CLI) with a new venue, created over HTTP. */
    async function venueOwner(): Promise<{ jar: CookieJar; slug: string }> {
      const { jar, email } = await user('owner');
      expect((await admin(['grant', email, 'enterprise'])).code).toBe(0);
      const created = await t.json<Venue>('/api/venues', postJson({ name: `Admin Seats ${Date.now()}` }, jar));
      expect(created.status).toBe(201);
      return { jar, slug: created.body.slug };
    }

    /** The venue's seats as its owner sees them over HTTP. */
    const seatsOf = async (jar: CookieJar, slug: string) =>
      (await t.json<Venue>(`/api/venues/${slug}`, { headers: jar.headers() })).body.seats;

    it('sets the staff seats and prints the new limit and the seats in use; the venue has them at once', async () => {
      const { jar, slug } = await venueOwner();
      expect(await seatsOf(jar, slug)).toEqual({ limit: 10, used: 0 });
      const invited = await t.json<VenueMembers>(
        `/api/venues/${slug}/invitations`,
        postJson({ email: randomEmail('seat'), role: 'staff' }, jar),
      );
      expect(invited.status).toBe(201);
      expect(await admin(['seats', slug, '25'])).toEqual({
        code: 0,
        out: `venue ${slug}: 25 staff seats, 1 in use\n`,
        err: '',
      });
      expect(await seatsOf(jar, slug)).toEqual({ limit: 25, used: 1 });
      expect(await admin(['seats', ` ${slug} `, '1'])).toMatchObject({
        code: 0,
        out: `venue ${slug}: 1 staff seat, 1 in use\n`,
      });
      expect(await seatsOf(jar, slug)).toEqual({ limit: 1, used: 1 });
    });

    it('refuses an unknown venue in one line', async () => {
      expect(await admin(['seats', 'no-such-venue', '12'])).toEqual({
        code: 1,
        out: '',
        err: 'admin: no venue has the slug no-such-venue\n',
      });
    });

    it('refuses fewer seats than are in use, and leaves the limit as it was', async () => {
      const { jar, slug } = await venueOwner();
      for (const label of ['first', 'second']) {
        const invited = await t.json(
          `/api/venues/${slug}/invitations`,
          postJson({ email: randomEmail(label), role: 'staff' }, jar),
        );
        expect(invited.status).toBe(201);
      }
      expect(await admin(['seats', slug, '1'])).toEqual({
        code: 1,
        out: '',
        err: 'admin: 2 seats are in use: remove members or invitations first\n',
      });
      expect(await seatsOf(jar, slug)).toEqual({ limit: 10, used: 2 });
      expect(await admin(['seats', slug, '2'])).toMatchObject({
        code: 0,
        out: `venue ${slug}: 2 staff seats, 2 in use\n`,
      });
    });

    it.each([
      [['abc'], "<n> must be a whole number from 0 to 500, not 'abc'"],
      [['-1'], "<n> must be a whole number from 0 to 500, not '-1'"],
      [['1.5'], "<n> must be a whole number from 0 to 500, not '1.5'"],
      [['1e2'], "<n> must be a whole number from 0 to 500, not '1e2'"],
      [['501'], "<n> must be a whole number from 0 to 500, not '501'"],
      [[''], "<n> must be a whole number from 0 to 500, not ''"],
      [[], 'missing <n>: the number of staff seats'],
      [['12', '--force'], "unexpected argument '--force'"],
    ])('refuses a bad number %j in one line and changes nothing', async (rest, message) => {
      const { jar, slug } = await venueOwner();
      expect(await admin(['seats', slug, ...rest])).toEqual({ code: 1, out: '', err: `admin: ${message}\n` });
      expect(await seatsOf(jar, slug)).toEqual({ limit: 10, used: 0 });
    });

    it('refuses a missing venue slug', async () => {
      expect(await admin(['seats'])).toEqual({ code: 1, out: '', err: 'admin: missing <venue-slug>\n' });
    });
  });

  describe('environment and database', () => {
    it('refuses a bad environment in one line', async () => {
      const stderr = collector();
      const code = await runAdmin(['show', 'a@example.test'], {
        env: { DATABASE_URL: 'mysql://db/x', LOG_LEVEL: 'silent' },
        stdout: collector(),
        stderr,
      });
      expect(code).toBe(1);
      expect(stderr.text()).toMatch(/^admin: invalid environment: DATABASE_URL: [^\n]+\n$/);
    });

    it('migrates a database that has no tables yet', async () => {
      const fresh = await createTestDatabase(dialect, { migrate: false });
      try {
        const url = fresh.database.dialect === 'sqlite' ? fresh.database.file : fresh.database.url;
        const stderr = collector();
        const code = await runAdmin(['show', 'nobody@example.test'], {
          env: { ...env, DATABASE_URL: url },
          stdout: collector(),
          stderr,
        });
        expect({ code, err: stderr.text() }).toEqual({
          code: 1,
          err: 'admin: no user has the email nobody@example.test\n',
        });
        const tables = (await fresh.db.introspection.getTables()).map((table) => table.name);
        expect(tables).toEqual(expect.arrayContaining(['user', 'entitlement', 'webhook_event']));
      } finally {
        await fresh.drop();
      }
    });
  });
});

describe('the npm run admin entry', () => {
  it('runs as a script through tsx, with the exit code and stderr of runAdmin', async () => {
    const fresh = await createTestDatabase('sqlite');
    const file = fresh.database.dialect === 'sqlite' ? fresh.database.file : '';
    try {
      const run = promisify(execFile);
      const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
      const options = {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: `sqlite:${file}` },
      };
      const help = await run(tsx, ['scripts/admin.ts', '--help'], options);
      expect(help.stdout).toBe(ADMIN_USAGE);
      const failed = await run(tsx, ['scripts/admin.ts', 'show', 'nobody@example.test'], options).catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed).toMatchObject({ code: 1, stderr: 'admin: no user has the email nobody@example.test\n' });
    } finally {
      await fresh.drop();
    }
  }, 30_000);
});
