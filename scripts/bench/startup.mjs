/**
 * Start-up benchmark: time from `npm start` on a built tree (fresh SQLite file each run, so migrations and seeding run
 * too) to the first 200 from /api/health, over several runs. Prints each run and the median, in ms.
 * Usage: node scripts/bench/startup.mjs [runs=5]  (run `npm run build` first; `npm run bench` does).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const runs = Number(process.argv[2] ?? 5);
/** BENCH_ONLY (see scripts/bench/run.ts) naming another part skips this one. */
const skipped = Boolean(process.env.BENCH_ONLY) && process.env.BENCH_ONLY !== 'startup';
const port = 3900 + Math.floor(Math.random() * 90);

/** One start: ms from spawning `npm start` to the first healthy answer; the server is stopped afterwards. */
async function timeOneStart() {
  const dir = mkdtempSync(path.join(tmpdir(), 'barback-startup-'));
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `sqlite:${path.join(dir, 'db.sqlite')}`,
      LOG_LEVEL: 'warn',
    },
  });
  try {
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (response.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 60_000) throw new Error('the server did not answer within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

if (!skipped) {
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const ms = await timeOneStart();
    times.push(ms);
    console.log(`run ${i + 1}: ${Math.round(ms)} ms`);
  }
  times.sort((a, b) => a - b);
  console.log(
    `npm start -> first /api/health: median ${Math.round(times[Math.floor(times.length / 2)])} ms ` +
      `(min ${Math.round(times[0])}, max ${Math.round(times[times.length - 1])}, ${runs} runs)`,
  );
}
