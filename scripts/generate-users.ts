/**
 * `npm run generate-users -- --users 1000000`: adds N synthetic users, and what users hold, to the configured database
 * (DATABASE_URL, default var/barback.sqlite), for the scale benchmark. The catalogue must be there already (the server's
 * start or `npm run generate-catalogue` seeds it).
 *
 * Per user, in the proportions the scale target names (1M users: 10M favorites, 2M bottles, 1M collection items, 100k
 * own recipes): a session, 10 favorites, 2 bar bottles; every 4th user a collection of 4 cocktails; every 10th user an
 * own recipe of 3 lines and a Pro entitlement. Rows are made by the database itself from a number series, in chunks of
 * 50,000 users, so 1M users take minutes, not hours. Synthetic users have ids `gu0000000`…; a second run on a database
 * that already holds them stops with an error rather than doubling them.
 */
import { pathToFileURL } from 'node:url';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '@/server/db/types';
import { wholeNumberFlag } from './number-flag';

/** Rows per synthetic user (see the file's docstring). */
export const PER_USER = {
  favorites: 10,
  bottles: 2,
  /** A collection for every `collectionEvery`-th user, holding `collectionItems` cocktails. */
  collectionEvery: 4,
  collectionItems: 4,
  /** An own recipe (and a Pro entitlement) for every `ownRecipeEvery`-th user. */
  ownRecipeEvery: 10,
  ownRecipeLines: 3,
} as const;

const CHUNK = 50_000;
/** Every synthetic row's time: fixed, so two runs make the same database. */
const STAMP = '2026-01-01T00:00:00.000Z';
const EXPIRES = '2099-01-01T00:00:00.000Z';

type Dialect = 'sqlite' | 'postgres';

/** SQL for the integers `from`..`to - 1` as rows `s(i)`: PostgreSQL's generate_series, SQLite's recursive CTE. */
function series(dialect: Dialect, from: number, to: number): { with: RawBuilder<unknown>; from: RawBuilder<unknown> } {
  if (dialect === 'postgres') {
    return { with: sql``, from: sql`generate_series(${sql.lit(from)}, ${sql.lit(to - 1)}) AS s(i)` };
  }
  return {
    with: sql`WITH RECURSIVE s(i) AS (SELECT ${sql.lit(from)} UNION ALL SELECT i + 1 FROM s WHERE i < ${sql.lit(to - 1)})`,
    from: sql`s`,
  };
}

/** The SQL dialect's pieces the inserts need: padded ids, timestamps and flags. */
function dialectSql(dialect: Dialect) {
  const pg = dialect === 'postgres';
  return {
    /** `<prefix>` and `n` zero-padded to 7 digits (so ids sort by n). */
    id: (prefix: string, n: RawBuilder<unknown>) =>
      pg
        ? sql`${sql.lit(prefix)} || lpad(CAST(${n} AS text), 7, '0')`
        : sql`${sql.lit(prefix)} || printf('%07d', ${n})`,
    text: (n: RawBuilder<unknown>) => (pg ? sql`CAST(${n} AS text)` : sql`CAST(${n} AS TEXT)`),
    time: (iso: string) => (pg ? sql`CAST(${sql.lit(iso)} AS timestamptz)` : sql.lit(iso)),
    flag: (on: boolean) => (pg ? sql.lit(on) : sql.lit(on ? 1 : 0)),
  };
}

/** Maps row numbers 0..n-1 to the public cocktails' and the ingredients' ids, so inserts pick ids by arithmetic. */
async function createLookups(db: Kysely<Database>): Promise<{ cocktails: number; ingredients: number }> {
  await sql`DROP TABLE IF EXISTS synthetic_cocktail_rn`.execute(db);
  await sql`DROP TABLE IF EXISTS synthetic_ingredient_rn`.execute(db);
  await sql`CREATE TABLE synthetic_cocktail_rn (rn integer PRIMARY KEY, id integer NOT NULL)`.execute(db);
  await sql`CREATE TABLE synthetic_ingredient_rn (rn integer PRIMARY KEY, id integer NOT NULL)`.execute(db);
  await sql`INSERT INTO synthetic_cocktail_rn (rn, id)
    SELECT row_number() OVER (ORDER BY id) - 1, id FROM cocktail WHERE venue_id IS NULL AND owner_id IS NULL`.execute(
    db,
  );
  await sql`INSERT INTO synthetic_ingredient_rn (rn, id)
    SELECT row_number() OVER (ORDER BY id) - 1, id FROM ingredient WHERE owner_id IS NULL`.execute(db);
  const count = async (table: string) => {
    const result = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db);
    return Number(result.rows[0]?.n ?? 0);
  };
  return { cocktails: await count('synthetic_cocktail_rn'), ingredients: await count('synthetic_ingredient_rn') };
}

async function isSuperuser(db: Kysely<Database>): Promise<boolean> {
  const result = await sql<{ on: string }>`SELECT current_setting('is_superuser') AS on`.execute(db);
  return result.rows[0]?.on === 'on';
}

/** Inserts users `from`..`to - 1` and everything they hold; one transaction per chunk. */
async function insertChunk(
  db: Kysely<Database>,
  dialect: Dialect,
  range: { from: number; to: number },
  lookups: { cocktails: number; ingredients: number },
): Promise<void> {
  const d = dialectSql(dialect);
  const { from, to } = range;
  const users = series(dialect, from, to);
  const userId = (n: RawBuilder<unknown>) => d.id('gu', n);
  await db.transaction().execute(async (trx) => {
    // The rows are consistent by construction; PostgreSQL's per-row foreign-key triggers would triple the time.
    if (dialect === 'postgres' && (await isSuperuser(trx)))
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await sql`${users.with} INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
      SELECT ${userId(sql`i`)}, ${sql.lit('Synthetic ')} || ${d.text(sql`i`)},
        ${d.id('synthetic-', sql`i`)} || ${sql.lit('@example.com')}, ${d.flag(true)}, ${d.time(STAMP)}, ${d.time(STAMP)}
      FROM ${users.from}`.execute(trx);
    await sql`${users.with} INSERT INTO session (id, "expiresAt", token, "createdAt", "updatedAt", "userId")
      SELECT ${d.id('gs', sql`i`)}, ${d.time(EXPIRES)}, ${d.id('gt', sql`i`)}, ${d.time(STAMP)}, ${d.time(STAMP)},
        ${userId(sql`i`)}
      FROM ${users.from}`.execute(trx);

    // Favorites: user n's k-th is public cocktail (7n + k) mod P, distinct for k < P.
    const favorites = series(dialect, from * PER_USER.favorites, to * PER_USER.favorites);
    const owner = sql`i / ${sql.lit(PER_USER.favorites)}`;
    await sql`${favorites.with} INSERT INTO user_favorites (user_id, cocktail_id, created_at)
      SELECT ${userId(owner)}, c.id, ${d.time(STAMP)} FROM ${favorites.from}
      JOIN synthetic_cocktail_rn c ON c.rn = (${owner} * 7 + i % ${sql.lit(PER_USER.favorites)}) % ${sql.lit(lookups.cocktails)}`.execute(
      trx,
    );
    const bottles = series(dialect, from * PER_USER.bottles, to * PER_USER.bottles);
    const bottleOwner = sql`i / ${sql.lit(PER_USER.bottles)}`;
    await sql`${bottles.with} INSERT INTO bar_item (user_id, ingredient_id, created_at)
      SELECT ${userId(bottleOwner)}, g.id, ${d.time(STAMP)} FROM ${bottles.from}
      JOIN synthetic_ingredient_rn g ON g.rn = (${bottleOwner} * 3 + i % ${sql.lit(PER_USER.bottles)}) % ${sql.lit(lookups.ingredients)}`.execute(
      trx,
    );

    await sql`${users.with} INSERT INTO collection (user_id, name, description, created_at, updated_at)
      SELECT ${userId(sql`i`)}, ${sql.lit('Synthetic list ')} || ${d.text(sql`i`)}, '', ${d.time(STAMP)}, ${d.time(STAMP)}
      FROM ${users.from} WHERE i % ${sql.lit(PER_USER.collectionEvery)} = 0`.execute(trx);
    const positions = Array.from({ length: PER_USER.collectionItems }, (_, k) => sql`SELECT ${sql.lit(k)} AS k`);
    await sql`INSERT INTO collection_item (collection_id, cocktail_id, position, added_at)
      SELECT col.id, c.id, p.k, ${d.time(STAMP)}
      FROM collection col
      CROSS JOIN (${sql.join(positions, sql` UNION ALL `)}) p
      JOIN synthetic_cocktail_rn c ON c.rn = (col.id * 13 + p.k * 11) % ${sql.lit(lookups.cocktails)}
      WHERE col.user_id >= ${userId(sql.lit(from))} AND col.user_id < ${userId(sql.lit(to))}
        AND length(col.user_id) = 9`.execute(trx);

    await sql`${users.with} INSERT INTO cocktail (slug, name, base_spirit, category, description, instructions,
        difficulty_level, strength, glassware, technique, garnish, preparation_time, is_signature, name_key, search_text,
        owner_id, created_at, updated_at)
      SELECT ${d.id('synthetic-own-', sql`i`)}, ${sql.lit('My Sour No. ')} || ${d.text(sql`i`)}, 'Gin', NULL,
        'A synthetic own recipe.', 'Shake with ice and strain.', 'Easy', 'Medium', 'Coupe', 'Shake', 'Lemon twist', 3,
        ${sql.lit(0)}, ${sql.lit('my sour no ')} || ${d.text(sql`i`)}, '', ${userId(sql`i`)}, ${d.time(STAMP)}, ${d.time(STAMP)}
      FROM ${users.from} WHERE i % ${sql.lit(PER_USER.ownRecipeEvery)} = 0`.execute(trx);
    const lines = Array.from({ length: PER_USER.ownRecipeLines }, (_, k) => sql`SELECT ${sql.lit(k)} AS k`);
    await sql`INSERT INTO cocktail_ingredient (cocktail_id, position, ingredient_id, amount, unit, is_optional)
      SELECT own.id, p.k, g.id, 30, 'ml', ${sql.lit(0)}
      FROM cocktail own
      CROSS JOIN (${sql.join(lines, sql` UNION ALL `)}) p
      JOIN synthetic_ingredient_rn g ON g.rn = (own.id * 3 + p.k) % ${sql.lit(lookups.ingredients)}
      WHERE own.owner_id >= ${userId(sql.lit(from))} AND own.owner_id < ${userId(sql.lit(to))}
        AND length(own.owner_id) = 9`.execute(trx);
    await sql`${users.with} INSERT INTO entitlement (user_id, name, product_id, store, source, period_type, expires_at,
        will_renew, billing_issue, created_at, updated_at)
      SELECT ${userId(sql`i`)}, 'pro', 'barback_pro_monthly', 'APP_STORE', 'revenuecat', 'NORMAL', ${d.time(EXPIRES)},
        1, 0, ${d.time(STAMP)}, ${d.time(STAMP)}
      FROM ${users.from} WHERE i % ${sql.lit(PER_USER.ownRecipeEvery)} = 0`.execute(trx);
  });
}

/**
 * Adds users `0..users - 1` (ids gu0000000…) and their rows to `db`, then refreshes the planner's statistics (and, on
 * PostgreSQL, vacuums).
 * @param onProgress called after each chunk with the users written so far
 * @throws Error when the database already holds synthetic users, or has no public cocktails or ingredients
 */
export async function generateUsers({
  db,
  dialect,
  users,
  onProgress,
}: {
  db: Kysely<Database>;
  dialect: Dialect;
  users: number;
  onProgress?: (written: number) => void;
}): Promise<void> {
  const existing = await db.selectFrom('user').select('id').where('id', '=', 'gu0000000').executeTakeFirst();
  if (existing) throw new Error('this database already holds synthetic users: generate them on a fresh one');
  const lookups = await createLookups(db);
  if (lookups.cocktails < PER_USER.favorites || lookups.ingredients < PER_USER.bottles) {
    throw new Error('the catalogue is missing: seed it first (the server does at its first start)');
  }
  try {
    for (let from = 0; from < users; from += CHUNK) {
      await insertChunk(db, dialect, { from, to: Math.min(users, from + CHUNK) }, lookups);
      onProgress?.(Math.min(users, from + CHUNK));
    }
  } finally {
    await sql`DROP TABLE IF EXISTS synthetic_cocktail_rn`.execute(db);
    await sql`DROP TABLE IF EXISTS synthetic_ingredient_rn`.execute(db);
  }
  if (dialect === 'postgres') {
    // The chunks ran with triggers off (session_replication_role), so the saves counts are made once here.
    await sql`DELETE FROM cocktail_saves`.execute(db);
    await sql`INSERT INTO cocktail_saves (cocktail_id, saves)
      SELECT cocktail_id, count(*) FROM user_favorites GROUP BY cocktail_id`.execute(db);
  }
  // PostgreSQL vacuums a freshly filled table by itself soon after (its insert threshold), which would run for minutes
  // beside whatever is measured next; a long-lived database has been vacuumed, so do it now.
  await sql`${sql.raw(dialect === 'postgres' ? 'VACUUM (ANALYZE)' : 'ANALYZE')}`.execute(db);
}

async function run(): Promise<void> {
  const users = wholeNumberFlag(process.argv.slice(2), 'users', { fallback: 1_000_000, min: 1, max: 9_999_999 });
  const { loadConfig } = await import('@/server/config');
  const { createDatabase } = await import('@/server/db/database');
  const { migrateToLatest } = await import('@/server/db/migrate');
  const handle = createDatabase(loadConfig());
  try {
    await migrateToLatest({ db: handle.db, dialect: handle.dialect });
    const started = Date.now();
    await generateUsers({ db: handle.db, dialect: handle.dialect, users });
    console.log(`generate-users: ${users} synthetic users on ${handle.dialect} in ${Date.now() - started} ms`);
  } finally {
    await handle.destroy();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
