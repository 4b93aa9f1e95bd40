/**
 * My Bar benchmark: 'can make', 'one away' and 'buy next' for 60-bottle bars, over the seed catalogue and over
 * 100,000 generated cocktails, on SQLite and PostgreSQL, measured through the real operations (src/server/my-bar/
 * matching.ts) on a real database: each call reads the user's bar and swaps, takes the catalogue version, matches, and
 * (for the two lists) loads the page's cocktail cards. Also reports the match model's build time and heap.
 *
 * For each database and size it:
 * 1. prepares a fresh database with `scripts/generate-catalogue.ts --count N` (N = 0: the seed catalogue alone);
 * 2. creates USERS users, each with a different 60-bottle bar drawn (seeded PRNG) from the 150 ingredients recipes use
 *    most, so the bars are ones people could own;
 * 3. builds the match model once and measures its build time and the heap it adds (with --expose-gc);
 * 4. runs each operation ROUNDS times, rotating over the users and the first three pages, after a warm-up; prints
 *    p50 / p95 in ms next to the targets.
 *
 * Run alone: `npm run bench:my-bar`, or `BENCH_ONLY=my-bar npm run bench`. Environment: BENCH_LARGE_COUNT (default
 * 100000), BENCH_DATABASE_URL (PostgreSQL admin URL, default postgres://postgres@127.0.0.1:5432/postgres; the benchmark
 * creates and drops its own database there; skipped when unreachable), BENCH_MY_BAR_ROUNDS (default 200).
 * Targets at 100,000: makeable and one-away p95 <= 25 ms; buy-next p95 <= 150 ms.
 */
import type { Kysely } from 'kysely';
import { mulberry32 } from '../generate-catalogue';
import { onBenchDatabases } from './databases';
import { getMatchModel } from '@/server/catalogue';
import { createDatabase } from '@/server/db/database';
import type { Database } from '@/server/db/types';
import { listMakeable, listSuggestions } from '@/server/my-bar/matching';

const LARGE = Number(process.env.BENCH_LARGE_COUNT ?? 100_000);
const ROUNDS = Number(process.env.BENCH_MY_BAR_ROUNDS ?? 200);
const BAR_SIZE = 60;
const USERS = 10;
const TARGETS = { makeable: 25, oneAway: 25, buyNext: 150 };

interface Figures {
  database: string;
  cocktails: number;
  buildMs: number;
  heapMb: number | null;
  canMake: { p50: number; p95: number; count: number };
  oneAway: { p50: number; p95: number; count: number };
  buyNext: { p50: number; p95: number };
}

/** Heap in use after a full collection, bytes (null without --expose-gc). */
function settledHeap(): number | null {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return null;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** Creates USERS users with a 60-bottle bar each; returns their ids. */
async function createBars(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): Promise<string[]> {
  const used = await db
    .selectFrom('cocktail_ingredient')
    .select(['ingredient_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('ingredient_id')
    .orderBy('n', 'desc')
    .orderBy('ingredient_id')
    .limit(150)
    .execute();
  const pool = used.map((row) => Number(row.ingredient_id));
  const rng = mulberry32(10);
  const now = new Date().toISOString();
  const ids: string[] = [];
  for (let n = 0; n < USERS; n += 1) {
    const id = `bench-user-${n}`;
    await db
      .insertInto('user')
      .values({
        id,
        name: `Bench ${n}`,
        email: `bench-${n}@example.test`,
        emailVerified: dialect === 'postgres' ? true : 1,
        image: null,
        createdAt: now,
        updatedAt: now,
        twoFactorEnabled: dialect === 'postgres' ? false : 0,
      })
      .execute();
    const bar = new Set<number>();
    while (bar.size < Math.min(BAR_SIZE, pool.length)) bar.add(pool[Math.floor(rng() * pool.length)] as number);
    await db
      .insertInto('bar_item')
      .values([...bar].map((ingredient) => ({ user_id: id, ingredient_id: ingredient, created_at: now })))
      .execute();
    ids.push(id);
  }
  return ids;
}

/** p50 and p95 of `times`, ms. */
function percentiles(times: number[]): { p50: number; p95: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
  return { p50: at(0.5), p95: at(0.95) };
}

async function timed(rounds: number, run: (round: number) => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let round = 0; round < Math.min(20, rounds); round += 1) await run(round);
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    await run(round);
    times.push(performance.now() - started);
  }
  return percentiles(times);
}

async function measure(database: string, databaseUrl: string): Promise<Figures> {
  const handle = createDatabase({
    database: databaseUrl.startsWith('postgres')
      ? { dialect: 'postgres', url: databaseUrl }
      : { dialect: 'sqlite', file: databaseUrl.slice('sqlite:'.length) },
  });
  try {
    const db = handle.db;
    const users = await createBars(db, handle.dialect);
    const before = settledHeap();
    const model = await getMatchModel(db);
    const after = settledHeap();
    const userAt = (round: number) => users[round % users.length] as string;
    const page = (round: number) => Math.floor(round / users.length) % 3;
    const first = await listMakeable({ db, userId: userAt(0), query: { view: 'can-make', page: 0, q: '' } });
    const firstAway = await listMakeable({ db, userId: userAt(0), query: { view: 'one-away', page: 0, q: '' } });
    const canMake = await timed(ROUNDS, (round) =>
      listMakeable({ db, userId: userAt(round), query: { view: 'can-make', page: page(round), q: '' } }),
    );
    const oneAway = await timed(ROUNDS, (round) =>
      listMakeable({ db, userId: userAt(round), query: { view: 'one-away', page: page(round), q: '' } }),
    );
    const buyNext = await timed(Math.max(20, Math.floor(ROUNDS / 4)), (round) =>
      listSuggestions({ db, userId: userAt(round) }),
    );
    return {
      database,
      cocktails: model.stats.cocktails,
      buildMs: model.stats.buildMs,
      heapMb: before !== null && after !== null ? (after - before) / 1024 / 1024 : null,
      canMake: { ...canMake, count: first.total },
      oneAway: { ...oneAway, count: firstAway.total },
      buyNext,
    };
  } finally {
    await handle.destroy();
  }
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const pair = (figures: { p50: number; p95: number }) => `${fmt(figures.p50, 1)} / ${fmt(figures.p95, 1)}`;

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY;
  if (only && only !== 'my-bar') return;
  console.log(
    `\nMy Bar: ${USERS} users with ${BAR_SIZE}-bottle bars, ${ROUNDS} rounds per view, through the operations`,
  );
  const rows: Figures[] = [];
  for (const count of [0, LARGE]) {
    rows.push(...(await onBenchDatabases('bb_bench_my_bar', count, (database, url) => measure(database, url))));
  }
  console.log(
    '\n| database | cocktails | matcher build ms | matcher heap MB | can make (first bar) | one away (first bar) | ' +
      'can make p50 / p95 ms | one away p50 / p95 ms | buy next p50 / p95 ms |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.database} | ${fmt(r.cocktails)} | ${fmt(r.buildMs)} | ${r.heapMb === null ? 'n/a' : fmt(r.heapMb, 1)} | ` +
        `${fmt(r.canMake.count)} | ${fmt(r.oneAway.count)} | ${pair(r.canMake)} | ${pair(r.oneAway)} | ${pair(r.buyNext)} |`,
    );
  }
  const verdict = (label: string, value: number, target: number) =>
    `${label}: ${fmt(value, 1)} ms (target <= ${target} ms) ${value <= target ? 'met' : 'MISSED'}`;
  for (const r of rows.filter((row) => row.cocktails >= LARGE)) {
    console.log(`- ${r.database} ${fmt(r.cocktails)}:`);
    console.log(`  - ${verdict('makeable p95', r.canMake.p95, TARGETS.makeable)}`);
    console.log(`  - ${verdict('one-away p95', r.oneAway.p95, TARGETS.oneAway)}`);
    console.log(`  - ${verdict('buy-next p95', r.buyNext.p95, TARGETS.buyNext)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
