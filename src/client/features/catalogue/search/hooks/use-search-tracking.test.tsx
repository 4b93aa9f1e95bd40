// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readAnalyticsQueue, resetAnalyticsForTests } from '@/client/lib/analytics';
import { eventsHandler } from '@/client/test/handlers';
import { server } from '@/client/test/msw-server';
import { SEARCH_TRACK_DELAY_MS, useSearchTracking } from './use-search-tracking';

const searches = () =>
  readAnalyticsQueue()
    .filter((event) => event.type === 'search_performed')
    .map((event) => event.props);

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
  server.use(eventsHandler());
});
afterEach(() => {
  resetAnalyticsForTests();
  vi.useRealTimers();
});

describe('useSearchTracking', () => {
  it('tracks search_performed once the text has been still for 350 ms, once per settled text', () => {
    const { rerender } = renderHook(({ q }) => useSearchTracking(q), { initialProps: { q: 'n' } });
    vi.advanceTimersByTime(200);
    rerender({ q: 'neg' });
    vi.advanceTimersByTime(SEARCH_TRACK_DELAY_MS - 1);
    expect(searches()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(searches()).toEqual([{ q: 'neg' }]);

    rerender({ q: ' neg ' });
    vi.advanceTimersByTime(1000);
    expect(searches()).toEqual([{ q: 'neg' }]);

    rerender({ q: 'rum' });
    vi.advanceTimersByTime(SEARCH_TRACK_DELAY_MS);
    expect(searches()).toEqual([{ q: 'neg' }, { q: 'rum' }]);
  });

  it('never tracks empty text', () => {
    renderHook(() => useSearchTracking('   '));
    vi.advanceTimersByTime(1000);
    expect(searches()).toEqual([]);
  });
});
