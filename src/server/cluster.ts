import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './logger';

/**
 * Several server processes on one port (WEB_CONCURRENCY > 1): node:cluster's primary holds the listening socket and hands
 * connections to its workers in turn, each a full server (main.ts) with its own search engine and caches, sharing the
 * database (and Redis) as separate instances behind a load balancer would. The primary serves nothing itself.
 */

/** First wait before a worker that died is replaced, ms; it doubles while workers keep dying, up to RESPAWN_MAX_MS. */
export const RESPAWN_DELAY_MS = 1000;
/** Longest wait before a dead worker is replaced, ms. */
export const RESPAWN_MAX_MS = 30_000;
/**
 * How long a stopping worker may take before it is killed, ms: its own graceful shutdown gives open requests 10 s
 * (main.ts SHUTDOWN_GRACE_MS); a worker still booting, or stuck, must not keep the primary from exiting.
 */
export const WORKER_KILL_AFTER_MS = 15_000;
/** A worker that lived this long resets the wait to RESPAWN_DELAY_MS, ms. */
const STABLE_AFTER_MS = 60_000;

/** What {@link runCluster} returns: a way to stop every worker. */
export interface RunningCluster {
  /**
   * Sends SIGTERM to every worker (each closes gracefully), SIGKILL to any still running after WORKER_KILL_AFTER_MS,
   * and resolves when all have exited.
   */
  close(): Promise<void>;
}

/**
 * Starts `count` workers running this same entry point. The first boots alone, since it migrates and seeds the database;
 * the others start once it listens. A worker that exits while the cluster runs is logged and replaced (after
 * RESPAWN_DELAY_MS, doubling up to RESPAWN_MAX_MS while they keep dying or fail to start, e.g. with the database away). With `handleSignals`, SIGINT / SIGTERM close every
 * worker and then exit the primary with 0.
 * @returns once every worker listens.
 * @throws Error when the first worker exits before it listens (its boot error is in its own output).
 */
export async function runCluster({
  count,
  logger,
  handleSignals = true,
}: {
  count: number;
  logger: Logger;
  handleSignals?: boolean;
}): Promise<RunningCluster> {
  let closing = false;
  let delay = RESPAWN_DELAY_MS;
  const started = new Map<Worker, number>();

  const fork = (): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork();
      started.set(worker, Date.now());
      const onEarlyExit = (code: number | null, signal: string | null) => {
        started.delete(worker);
        reject(new Error(`worker ${worker.process.pid} exited before listening (code ${code}, signal ${signal})`));
      };
      worker.once('exit', onEarlyExit);
      worker.once('listening', () => {
        worker.off('exit', onEarlyExit);
        worker.on('exit', (code, signal) => replace(worker, code, signal));
        resolve(worker);
      });
    });

  /** Starts a worker after the current delay (doubling it); one that fails to start is retried the same way. */
  const respawn = () => {
    const wait = delay;
    delay = Math.min(RESPAWN_MAX_MS, delay * 2);
    // Not unref'd: with every worker dead this timer is what keeps the primary alive until the next one starts.
    setTimeout(() => {
      if (closing) return;
      fork().catch((error: unknown) => {
        logger.error({ err: error, retryInMs: delay }, 'replacement worker failed to start');
        respawn();
      });
    }, wait);
  };

  const replace = (worker: Worker, code: number | null, signal: string | null) => {
    const lived = Date.now() - (started.get(worker) ?? Date.now());
    started.delete(worker);
    if (closing) return;
    if (lived >= STABLE_AFTER_MS) delay = RESPAWN_DELAY_MS;
    logger.warn({ pid: worker.process.pid, code, signal, respawnInMs: delay }, 'worker exited; replacing it');
    respawn();
  };

  const close = async () => {
    closing = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    const kill = setTimeout(() => {
      for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGKILL');
    }, WORKER_KILL_AFTER_MS);
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    clearTimeout(kill);
  };

  try {
    await fork();
    await Promise.all(Array.from({ length: count - 1 }, fork));
  } catch (error) {
    await close();
    throw error;
  }
  logger.info({ workers: count, pid: process.pid }, 'cluster listening');

  if (handleSignals) {
    const onSignal = (signal: NodeJS.Signals) => {
      // Workers are stopped first: a log line that cannot be written (stdout closed) must not keep them running.
      const stopped = close();
      try {
        logger.info({ signal }, 'signal received; stopping workers');
      } catch {
        // Nothing to do: the workers are being stopped either way.
      }
      void stopped.then(() => process.exit(0));
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  }
  return { close };
}
