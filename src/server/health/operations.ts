import { sql, type Kysely } from 'kysely';
import type { Health } from '@/shared/schemas/health';
import type { Dialect } from '../db/database';
import type { Database } from '../db/types';

/** How long the database gets to answer the health probe, ms. */
export const HEALTH_PROBE_TIMEOUT_MS = 2000;

const startedAt = Date.now();

/**
 * Probes the database with `select 1` (bounded by {@link HEALTH_PROBE_TIMEOUT_MS}) and reports the server's state.
 * Never throws: an unreachable database gives status 'unavailable' with reachable false and latencyMs null.
 */
export async function checkHealth({
  db,
  dialect,
  version,
}: {
  db: Kysely<Database>;
  dialect: Dialect;
  version: string;
}): Promise<Health> {
  const started = performance.now();
  let reachable: boolean;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      sql`select 1`.execute(db),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('health probe timed out')), HEALTH_PROBE_TIMEOUT_MS);
      }),
    ]);
    reachable = true;
  } catch {
    reachable = false;
  } finally {
    clearTimeout(timer);
  }
  const latencyMs = reachable ? Math.round((performance.now() - started) * 100) / 100 : null;
  return {
    status: reachable ? 'ok' : 'unavailable',
    database: { reachable, dialect, latencyMs },
    version,
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
  };
}
