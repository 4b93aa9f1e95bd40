import { useEffect, useRef } from 'react';
import { track } from '@/client/lib/analytics';

/** Quiet time after which a search counts as performed, ms (docs/product.md, Constants and limits: 350 ms for the tracked search event). */
export const SEARCH_TRACK_DELAY_MS = 350;

/**
 * Tracks `search_performed` with `{ q }` once `query` has stayed the same for 350 ms. Empty text is never tracked and each
 * settled text is tracked once (typing "gin", pausing, and the page re-rendering does not track "gin" again; typing
 * "gin" -> "rum" -> "gin" tracks three times).
 * @param query the search text as typed (trimmed before comparing)
 */
export function useSearchTracking(query: string): void {
  const lastTracked = useRef<string | null>(null);
  const trimmed = query.trim();
  useEffect(() => {
    if (trimmed === '' || trimmed === lastTracked.current) return;
    const timer = window.setTimeout(() => {
      lastTracked.current = trimmed;
      track('search_performed', { q: trimmed });
    }, SEARCH_TRACK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [trimmed]);
  useEffect(() => {
    if (trimmed === '') lastTracked.current = null;
  }, [trimmed]);
}
