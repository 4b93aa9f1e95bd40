import { useEffect, useRef, useState } from 'react';

/** How early the next page is asked for: 800 px before the end of the list comes into view (docs/product.md, Constants and limits). */
export const INFINITE_SCROLL_MARGIN_PX = 800;
/** The IntersectionObserver rootMargin that extends the viewport's bottom edge by {@link INFINITE_SCROLL_MARGIN_PX}. */
export const INFINITE_SCROLL_ROOT_MARGIN = `0px 0px ${INFINITE_SCROLL_MARGIN_PX}px 0px`;

/**
 * Infinite scroll: attach the returned ref to a marker element placed after the list. While `enabled`, `onLoadMore` runs
 * whenever the marker comes within 800 px of the viewport's bottom edge. The observer is rebuilt whenever `resetKey`
 * changes (pass the number of loaded pages): a new observer reports the marker's current position at once, so a page that
 * did not fill the screen leads straight to the next one. Without IntersectionObserver (very old browsers) nothing happens.
 * @returns a ref callback for the marker element.
 */
export function useInfiniteScroll({
  enabled,
  onLoadMore,
  resetKey,
}: {
  enabled: boolean;
  onLoadMore: () => void;
  resetKey?: unknown;
}): (node: Element | null) => void {
  const [node, setNode] = useState<Element | null>(null);
  const latest = useRef(onLoadMore);
  useEffect(() => {
    latest.current = onLoadMore;
  }, [onLoadMore]);

  useEffect(() => {
    if (!enabled || node === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: INFINITE_SCROLL_ROOT_MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, node, resetKey]);

  return setNode;
}
