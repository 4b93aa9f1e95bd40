// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  analyticsBatchSchema,
  MAX_EVENT_PROPS_BYTES,
  MAX_EVENTS_PER_BATCH,
  type AnalyticsBatch,
} from '@/shared/schemas/analytics';
import {
  ANALYTICS_FLUSH_DELAY_MS,
  ANALYTICS_QUEUE_KEY,
  ANALYTICS_QUEUE_LIMIT,
  EVENT_PROPS_MAX_BYTES,
  EVENTS_PER_BATCH,
  flushAnalytics,
  flushAnalyticsWithBeacon,
  readAnalyticsQueue,
  resetAnalyticsForTests,
  setAnalyticsEndpoint,
  setAnalyticsIdentity,
  startAnalytics,
  track,
} from './analytics';
import { server } from '@/client/test/msw-server';

/** msw stands in for POST /api/events: records every body and answers with `nextStatus`. */
const endpoint = 'http://localhost:3000/api/events';
let received: AnalyticsBatch[] = [];
let nextStatus = 202;

beforeEach(() => {
  server.use(
    http.post(endpoint, async ({ request }) => {
      const body = await request.text();
      if (nextStatus < 300) received.push(analyticsBatchSchema.parse(JSON.parse(body)));
      return nextStatus < 300
        ? HttpResponse.json({ accepted: 1 }, { status: nextStatus })
        : HttpResponse.json({ error: { code: 'X', message: 'no' } }, { status: nextStatus });
    }),
    // Nothing listens there: the request never gets an answer.
    http.post('http://127.0.0.1:1/api/events', () => HttpResponse.error()),
  );
});

beforeEach(() => {
  localStorage.clear();
  received = [];
  nextStatus = 202;
  resetAnalyticsForTests();
  setAnalyticsEndpoint(endpoint);
});

afterEach(() => {
  vi.useRealTimers();
  delete window.webkit;
  Reflect.deleteProperty(navigator, 'sendBeacon');
});

describe('API limits', () => {
  it('match the shared analytics schema', () => {
    expect(EVENTS_PER_BATCH).toBe(MAX_EVENTS_PER_BATCH);
    expect(EVENT_PROPS_MAX_BYTES).toBe(MAX_EVENT_PROPS_BYTES);
  });
});

describe('track', () => {
  it('queues events in localStorage with a timestamp, identity and props', () => {
    setAnalyticsIdentity({ userId: 'u1', plan: 'pro' });
    track('search_performed', { q: 'negroni' });
    const stored = JSON.parse(localStorage.getItem(ANALYTICS_QUEUE_KEY) ?? '[]') as unknown[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ type: 'search_performed', userId: 'u1', plan: 'pro', props: { q: 'negroni' } });
    expect(Number.isNaN(Date.parse((stored[0] as { timestamp: string }).timestamp))).toBe(false);
  });

  it('keeps the queue bounded, dropping the oldest events', () => {
    for (let i = 0; i < ANALYTICS_QUEUE_LIMIT + 5; i += 1) track('recipe_view', { id: i });
    const queue = readAnalyticsQueue();
    expect(queue).toHaveLength(ANALYTICS_QUEUE_LIMIT);
    expect(queue[0]?.props).toEqual({ id: 5 });
  });

  it('replaces props larger than the API accepts so the batch is not refused', () => {
    track('search_performed', { q: 'x'.repeat(5000) });
    expect(readAnalyticsQueue()[0]?.props).toEqual({ truncated: true });
  });

  it('mirrors each event to the native iOS bridge when present', () => {
    const messages: unknown[] = [];
    window.webkit = { messageHandlers: { analytics: { postMessage: (message) => messages.push(message) } } };
    track('recipe_view', { id: 7 });
    expect(messages).toEqual([expect.objectContaining({ type: 'recipe_view', props: { id: 7 } })]);
    expect(messages[0]).not.toHaveProperty('qid');
  });
});

describe('flushing', () => {
  it('posts the queue 1.5 s after the latest event and empties it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    track('search_performed', { q: 'gin' });
    track('recipe_view', { id: 3 });
    vi.advanceTimersByTime(ANALYTICS_FLUSH_DELAY_MS - 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(received).toHaveLength(0);
    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(readAnalyticsQueue()).toHaveLength(0));
    expect(received).toHaveLength(1);
    expect(received[0]?.events.map((event) => event.type)).toEqual(['search_performed', 'recipe_view']);
    expect(received[0]?.events[0]).not.toHaveProperty('qid');
  });

  it('sends batches of at most 100 events', async () => {
    for (let i = 0; i < 250; i += 1) track('recipe_view', { id: i });
    await expect(flushAnalytics()).resolves.toBe(true);
    expect(received.map((batch) => batch.events.length)).toEqual([100, 100, 50]);
    expect(readAnalyticsQueue()).toHaveLength(0);
  });

  it('keeps the queue when the server fails, and delivers it on the next flush', async () => {
    track('search_performed', { q: 'rum' });
    nextStatus = 503;
    await expect(flushAnalytics()).resolves.toBe(false);
    expect(readAnalyticsQueue()).toHaveLength(1);
    nextStatus = 202;
    await expect(flushAnalytics()).resolves.toBe(true);
    expect(received[0]?.events[0]?.props).toEqual({ q: 'rum' });
  });

  it('keeps the queue when the server cannot be reached', async () => {
    track('search_performed', { q: 'rye' });
    setAnalyticsEndpoint('http://127.0.0.1:1/api/events');
    await expect(flushAnalytics()).resolves.toBe(false);
    expect(readAnalyticsQueue()).toHaveLength(1);
  });

  it('drops a batch the server refuses for good (4xx) so it cannot block the queue', async () => {
    track('search_performed', { q: 'bad' });
    nextStatus = 400;
    await expect(flushAnalytics()).resolves.toBe(true);
    expect(readAnalyticsQueue()).toHaveLength(0);
  });

  it('hands the queue to sendBeacon when the page is hidden', () => {
    const beacons: { url: string; body: Blob }[] = [];
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, body: Blob) => {
        beacons.push({ url, body });
        return true;
      },
    });
    const stop = startAnalytics({ isNativeApp: false });
    track('recipe_view', { id: 1 });
    window.dispatchEvent(new Event('pagehide'));
    stop();
    expect(beacons).toHaveLength(1);
    expect(beacons[0]?.url).toBe(endpoint);
    expect(beacons[0]?.body.type).toBe('application/json');
    expect(readAnalyticsQueue()).toHaveLength(0);
  });

  it('keeps the queue when the browser refuses the beacon', () => {
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: () => false });
    track('recipe_view', { id: 1 });
    expect(flushAnalyticsWithBeacon()).toBe(0);
    expect(readAnalyticsQueue()).toHaveLength(1);
  });
});

describe('startAnalytics', () => {
  it("tracks 'activate' 1 s after start in the native app only", () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const stopNative = startAnalytics({ isNativeApp: true });
    vi.advanceTimersByTime(999);
    expect(readAnalyticsQueue()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(readAnalyticsQueue().map((event) => event.type)).toEqual(['activate']);
    stopNative();

    localStorage.clear();
    const stopWeb = startAnalytics({ isNativeApp: false });
    vi.advanceTimersByTime(2000);
    expect(readAnalyticsQueue().filter((event) => event.type === 'activate')).toHaveLength(0);
    stopWeb();
  });

  it('flushes events left over from an earlier visit', async () => {
    track('search_performed', { q: 'left over' });
    resetAnalyticsForTests();
    setAnalyticsEndpoint(endpoint);
    const stop = startAnalytics({ isNativeApp: false });
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 4000 });
    stop();
  });
});
