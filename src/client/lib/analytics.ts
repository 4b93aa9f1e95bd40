import type { AnalyticsEvent, AnalyticsEventType, Plan } from '@/shared/schemas/analytics';
import { postToNative } from './native-bridge';
import { readJson, writeJson } from './storage';

/**
 * Client analytics (docs/product.md, Calls, "Other"; Constants and limits, "Timers"): events are queued in
 * localStorage, flushed 1.5 s after the latest `track` to `POST /api/events` as `{events: [...]}` in batches of at most
 * 100, and sent with `navigator.sendBeacon` when the page is hidden. A flush that fails (network down, 5xx, 429) keeps
 * the queue for the next attempt; a batch the server refuses for good (other 4xx) is dropped so one bad event cannot
 * block the queue forever. Every event is mirrored to the native iOS bridge (`window.webkit.messageHandlers.analytics`)
 * when it exists.
 */

/** localStorage key of the queue (a JSON array of queued events, oldest first). */
export const ANALYTICS_QUEUE_KEY = 'bb:analytics-queue';
/** Most events kept in the queue; the oldest are dropped beyond it. */
export const ANALYTICS_QUEUE_LIMIT = 500;
/** Delay between the latest `track` and the flush, ms (docs/product.md, Constants and limits). */
export const ANALYTICS_FLUSH_DELAY_MS = 1500;
/** Delay before the native app's 'activate' event, ms (docs/product.md, Calls). */
export const NATIVE_ACTIVATE_DELAY_MS = 1000;
/** Default endpoint for batches. */
export const ANALYTICS_ENDPOINT = '/api/events';
/**
 * Limits of `POST /api/events`, equal to MAX_EVENTS_PER_BATCH and MAX_EVENT_PROPS_BYTES in src/shared/schemas/analytics.ts
 * (analytics.test.ts checks they match). Copied as numbers because importing values from that module would pull zod into
 * the first-load bundle, and this module loads with the shell, before any page.
 */
export const EVENTS_PER_BATCH = 100;
export const EVENT_PROPS_MAX_BYTES = 4096;

/** Largest body handed to sendBeacon, bytes (browsers cap beacons at 64 KiB in flight). */
const BEACON_MAX_BYTES = 60_000;

/** An event as it sits in the queue: the API event plus a local id used to remove it once delivered. */
export interface QueuedAnalyticsEvent extends AnalyticsEvent {
  qid: string;
}

let endpoint = ANALYTICS_ENDPOINT;
let identity: { userId: string | null; plan: Plan | null } = { userId: null, plan: null };
let flushTimer: ReturnType<typeof setTimeout> | undefined;
let inFlight: Promise<boolean> | null = null;
let counter = 0;

function isQueuedEvent(value: unknown): value is QueuedAnalyticsEvent {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.qid === 'string' && typeof record.type === 'string' && typeof record.timestamp === 'string';
}

/** The queued events, oldest first; malformed entries are skipped. Never throws. */
export function readAnalyticsQueue(): QueuedAnalyticsEvent[] {
  const stored = readJson(ANALYTICS_QUEUE_KEY);
  return Array.isArray(stored) ? stored.filter(isQueuedEvent) : [];
}

function writeQueue(queue: readonly QueuedAnalyticsEvent[]): void {
  const bounded = queue.length > ANALYTICS_QUEUE_LIMIT ? queue.slice(queue.length - ANALYTICS_QUEUE_LIMIT) : queue;
  writeJson(ANALYTICS_QUEUE_KEY, bounded);
}

function removeFromQueue(qids: readonly string[]): void {
  const sent = new Set(qids);
  writeQueue(readAnalyticsQueue().filter((event) => !sent.has(event.qid)));
}

/** Copies `props` as plain JSON (drops functions and undefined); replaces it when larger than the API accepts. */
function toJsonProps(props: Record<string, unknown>): Record<string, unknown> {
  try {
    const json = JSON.stringify(props);
    if (json === undefined) return {};
    if (json.length > EVENT_PROPS_MAX_BYTES) return { truncated: true };
    const parsed = JSON.parse(json) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return { unserializable: true };
  }
}

function toApiEvent({ qid: _qid, ...event }: QueuedAnalyticsEvent): AnalyticsEvent {
  return event;
}

/** Splits the queue into batches of at most 100 events and at most `maxBytes` of JSON body each. */
function toBatches(queue: readonly QueuedAnalyticsEvent[], maxBytes: number): QueuedAnalyticsEvent[][] {
  const batches: QueuedAnalyticsEvent[][] = [];
  let batch: QueuedAnalyticsEvent[] = [];
  let bytes = 12;
  for (const event of queue) {
    const size = JSON.stringify(toApiEvent(event)).length + 1;
    if (batch.length > 0 && (batch.length >= EVENTS_PER_BATCH || bytes + size > maxBytes)) {
      batches.push(batch);
      batch = [];
      bytes = 12;
    }
    batch.push(event);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * Records an event: queues it in localStorage, mirrors it to the native iOS bridge when present and schedules a flush
 * 1.5 s later (each new event pushes the flush back, so bursts go out as one batch). Never throws.
 * @param type one of the event names in src/shared/schemas/analytics.ts
 * @param props small JSON object (at most 4 kB serialized; larger props are replaced by `{truncated: true}`)
 */
export function track(type: AnalyticsEventType, props: Record<string, unknown> = {}): void {
  counter += 1;
  const event: QueuedAnalyticsEvent = {
    qid: `${Date.now().toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    type,
    timestamp: new Date().toISOString(),
    userId: identity.userId,
    plan: identity.plan,
    props: toJsonProps(props),
  };
  writeQueue([...readAnalyticsQueue(), event]);
  postToNative('analytics', toApiEvent(event));
  scheduleAnalyticsFlush();
}

/** (Re)starts the 1.5 s flush timer. */
export function scheduleAnalyticsFlush(delayMs: number = ANALYTICS_FLUSH_DELAY_MS): void {
  clearTimeout(flushTimer);
  flushTimer = setTimeout(() => {
    flushTimer = undefined;
    void flushAnalytics();
  }, delayMs);
}

/**
 * Sends the whole queue now with fetch, 100 events per request; delivered or permanently refused batches leave the queue.
 * Concurrent calls share one flush.
 * @returns true when the queue was emptied; false when a request failed (network error, 5xx, 408, 429) and events remain.
 */
export function flushAnalytics(): Promise<boolean> {
  if (inFlight) return inFlight;
  inFlight = (async () => {
    try {
      for (const batch of toBatches(readAnalyticsQueue(), Number.POSITIVE_INFINITY)) {
        let response: Response;
        try {
          response = await fetch(endpoint, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            credentials: 'same-origin',
            body: JSON.stringify({ events: batch.map(toApiEvent) }),
          });
        } catch {
          return false;
        }
        const retryable = response.status >= 500 || response.status === 408 || response.status === 429;
        if (!response.ok && retryable) return false;
        removeFromQueue(batch.map((event) => event.qid));
      }
      return readAnalyticsQueue().length === 0;
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

/**
 * Hands the queue to `navigator.sendBeacon` (used when the page is being hidden or closed, when fetch may be cut off).
 * Batches the browser accepted leave the queue; the rest stay for the next visit.
 * @returns how many events the browser accepted
 */
export function flushAnalyticsWithBeacon(): number {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return 0;
  let accepted = 0;
  for (const batch of toBatches(readAnalyticsQueue(), BEACON_MAX_BYTES)) {
    const body = new Blob([JSON.stringify({ events: batch.map(toApiEvent) })], { type: 'application/json' });
    let ok: boolean;
    try {
      ok = navigator.sendBeacon(endpoint, body);
    } catch {
      ok = false;
    }
    if (!ok) break;
    removeFromQueue(batch.map((event) => event.qid));
    accepted += batch.length;
  }
  return accepted;
}

/** Attributes later events to a user and plan (null when signed out). */
export function setAnalyticsIdentity(next: { userId: string | null; plan: Plan | null }): void {
  identity = { ...next };
}

/** Options of {@link startAnalytics}. */
export interface StartAnalyticsOptions {
  /** True inside the native iOS wrapper: an 'activate' event fires 1 s after start (docs/product.md, Calls). */
  isNativeApp: boolean;
}

/**
 * Starts page-level analytics: beacons the queue when the page is hidden (visibilitychange / pagehide), schedules a flush
 * of events left from an earlier visit, and in the native app tracks 'activate' after 1 s.
 * @returns a function that removes the listeners and timers.
 */
export function startAnalytics({ isNativeApp }: StartAnalyticsOptions): () => void {
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flushAnalyticsWithBeacon();
  };
  const onPageHide = () => flushAnalyticsWithBeacon();
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', onPageHide);
  if (readAnalyticsQueue().length > 0) scheduleAnalyticsFlush();
  const activateTimer = isNativeApp ? setTimeout(() => track('activate'), NATIVE_ACTIVATE_DELAY_MS) : undefined;
  return () => {
    clearTimeout(activateTimer);
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', onPageHide);
  };
}

/** Points batches at another URL (tests use a local HTTP server). */
export function setAnalyticsEndpoint(url: string): void {
  endpoint = url;
}

/** Cancels the pending flush and restores defaults. For tests. */
export function resetAnalyticsForTests(): void {
  clearTimeout(flushTimer);
  flushTimer = undefined;
  inFlight = null;
  endpoint = ANALYTICS_ENDPOINT;
  identity = { userId: null, plan: null };
}
