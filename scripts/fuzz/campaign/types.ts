import type { Dialect } from '@/server/db/database';
import type { FindingKind } from '../detectors';
import type { RequestPlan } from '../plan/types';
import type { World } from '../world/types';

/** What a campaign is asked to do, what it sent, and the figures and failures it reports. */

/** What a campaign is asked to do. */
export interface CampaignOptions {
  dialect: Dialect;
  seed: number;
  count: number;
  /** Only routes whose id contains this text. */
  routeFilter?: string | null;
  /** Shrink failures to minimal reproductions (default true). */
  shrink?: boolean;
  /** Time budget per failure to shrink, ms. */
  shrinkBudgetMs?: number;
  /** Longest wait for one answer, ms. */
  timeoutMs?: number;
  /** Progress lines (every 1,000 requests). */
  progress?: (line: string) => void;
  /**
   * Requests to send after the main run with the database taken away (closed): 503 is then the right answer, and any
   * other 5xx, stack trace, SQL text or error body of the wrong shape is a failure. Default 0 (no outage).
   */
  outage?: number;
  /** Changes the world before the run (the tests plant defects through it). */
  instrument?: (world: World) => void;
}

/** A request as it was sent, with the cookie header resolved, for reports. */
export interface SentRequest {
  /** Its number in the run. */
  index: number;
  /** The random draw it came from (its seed is `requestSeed(seed, draw)`), or null for a systematic one. */
  draw: number | null;
  plan: RequestPlan;
  /** The Cookie header sent, described (tokens differ per run). */
  cookieNote: string;
  status: number;
  ms: number;
}

/** All the occurrences of one distinct failure: same kind, same route, same status. */
export interface FailureGroup {
  key: string;
  kind: FindingKind;
  route: string;
  status: number;
  count: number;
  detail: string;
  first: SentRequest;
  /** The shrunk reproduction, when shrinking found one smaller than the first occurrence. */
  minimal: SentRequest | null;
  minimalDetail: string | null;
}

/** The figures of one campaign. */
export interface CampaignReport {
  dialect: Dialect;
  seed: number;
  requests: number;
  /** How many of the requests were systematic (every field × typed variant, see sweepChoices), and how many were left. */
  systematic: number;
  systematicTotal: number;
  statusHistogram: Record<string, number>;
  serverErrors: number;
  rateLimited: number;
  crossUserAttempts: number;
  /** Findings of kind victim-write, victim-read and victim-session (answers and rows). */
  crossUserLeaks: number;
  failures: FailureGroup[];
  routeCounts: Record<string, number>;
  /** Routes that took a body of 1 MB or more without answering 413, with the statuses they gave. */
  oversizeAccepted: Record<string, Record<string, number>>;
  actorRenewals: number;
  /** Requests sent with the database away (see CampaignOptions.outage), and their status codes. */
  outageRequests: number;
  outageHistogram: Record<string, number>;
  /** The reads of A's own API view (GET /api/me, favorites, sessions...) that differ after the run from before it. */
  victimViewChanged: string[];
  unsendable: number;
  slowest: { ms: number; route: string; index: number };
  healthAfter: number;
  durationMs: number;
}
