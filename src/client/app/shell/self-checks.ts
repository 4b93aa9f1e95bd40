import { computeCocktailAlcohol } from '@/shared/domain/abv';
import { formatAmount } from '@/shared/domain/units';
import { cocktailPageSchema } from '@/shared/schemas/cocktail';
import { isAgeVerified } from './age-gate-state';
import { ANALYTICS_QUEUE_KEY, readAnalyticsQueue } from '@/client/lib/analytics';
import { apiFetch } from '@/client/lib/api-client';
import { fetchHealth } from './health-check';
import { readItem, removeItem, writeItem } from '@/client/lib/storage';

/**
 * The client's self checks, run by /dev/selftest. Each check resolves with a short detail on success and throws an Error
 * whose message says what was wrong on failure.
 */
export interface SelfCheck {
  id: string;
  label: string;
  run: () => Promise<string>;
}

/** Outcome of one check: pass/fail, the detail or error text, and how long it took in ms. */
export interface SelfCheckResult {
  id: string;
  label: string;
  ok: boolean;
  detail: string;
  durationMs: number;
}

function assert(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** The checks, in display order. */
export const SELF_CHECKS: readonly SelfCheck[] = [
  {
    id: 'local-storage',
    label: 'localStorage is writable',
    run: async () => {
      const key = 'bb:selftest';
      const value = `ok-${Date.now()}`;
      assert(writeItem(key, value), 'Writing to localStorage failed (private mode or storage full?)');
      const readBack = readItem(key);
      removeItem(key);
      assert(readBack === value, `Read back ${JSON.stringify(readBack)} instead of ${JSON.stringify(value)}`);
      return 'Wrote, read back and removed a value';
    },
  },
  {
    id: 'api-health',
    label: 'API health is reachable',
    run: async () => {
      const { health, httpStatus, roundTripMs } = await fetchHealth();
      assert(health.status === 'ok', `Health status is '${health.status}' (HTTP ${httpStatus})`);
      return `HTTP ${httpStatus}, ${health.database.dialect}, ${roundTripMs} ms`;
    },
  },
  {
    id: 'cocktail-page',
    label: 'GET /api/cocktails?pageSize=1 matches cocktailPageSchema',
    run: async () => {
      const page = await apiFetch('/api/cocktails?pageSize=1', cocktailPageSchema);
      assert(page.items.length <= 1, `Asked for 1 item, got ${page.items.length}`);
      const first = page.items[0];
      return `${page.total} cocktails in the catalogue${first ? `; first: ${first.name}` : ''}`;
    },
  },
  {
    id: 'unit-conversion',
    label: 'Unit conversion: 30 ml shows as 1 oz',
    run: async () => {
      const shown = formatAmount(30, 'ml', 'oz');
      assert(shown === '1 oz', `formatAmount(30, 'ml', 'oz') gave '${shown}'`);
      return `formatAmount(30, 'ml', 'oz') = '${shown}'`;
    },
  },
  {
    id: 'abv-maths',
    label: 'ABV maths: stirred Negroni is 22.5 %',
    run: async () => {
      // DOMAIN.md check: 30/30/30 ml at 40/25/16 %, stirred (20 % dilution) -> 108 ml at 22.5 %.
      const result = computeCocktailAlcohol(
        [
          { amount: 30, unit: 'ml', abv: 40 },
          { amount: 30, unit: 'ml', abv: 25 },
          { amount: 30, unit: 'ml', abv: 16 },
        ],
        'Stir',
      );
      const abv = result.finalAbv.toFixed(1);
      assert(abv === '22.5', `Final ABV ${abv} % instead of 22.5 %`);
      return `${result.servingVolumeMl.toFixed(0)} ml at ${abv} %, ${result.usStandardDrinks.toFixed(2)} US standard drinks`;
    },
  },
  {
    id: 'analytics-queue',
    label: 'Analytics queue round-trip',
    run: async () => {
      // Synchronous, so no flush can run between the write and the restore: the probe never reaches the server.
      const original = readItem(ANALYTICS_QUEUE_KEY);
      const probe = {
        qid: `selftest-${Date.now()}`,
        type: 'page_view',
        timestamp: new Date().toISOString(),
        userId: null,
        plan: null,
        props: { selftest: true },
      };
      try {
        assert(
          writeItem(ANALYTICS_QUEUE_KEY, JSON.stringify([...readAnalyticsQueue(), probe])),
          'Could not write the queue',
        );
        const found = readAnalyticsQueue().some((event) => event.qid === probe.qid);
        assert(found, 'The queued event was not read back');
      } finally {
        if (original === null) removeItem(ANALYTICS_QUEUE_KEY);
        else writeItem(ANALYTICS_QUEUE_KEY, original);
      }
      return `Queued and read back one event; ${readAnalyticsQueue().length} real events waiting`;
    },
  },
  {
    id: 'age-gate',
    label: 'Age gate flag is stored',
    run: async () => {
      assert(isAgeVerified(), "localStorage 'bb:age-verified' is not 'v1'");
      return "'bb:age-verified' = 'v1'";
    },
  },
];

/** Runs one check, timing it and turning a throw into a failed result. Never throws. */
export async function runSelfCheck(check: SelfCheck): Promise<SelfCheckResult> {
  const started = performance.now();
  try {
    const detail = await check.run();
    return { id: check.id, label: check.label, ok: true, detail, durationMs: Math.round(performance.now() - started) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { id: check.id, label: check.label, ok: false, detail, durationMs: Math.round(performance.now() - started) };
  }
}
