import { startTransition, useCallback, useState } from 'react';

/**
 * How far outside the viewport an element counts as near, as an IntersectionObserver rootMargin: 800 px above and below
 * (about five cards of the phone layout, two rows of the desktop one), so what is drawn on arrival is drawn before a
 * scroll brings it into view.
 */
export const NEAR_VIEWPORT_MARGIN = '800px 0px';

/**
 * Elements drawn per frame once near (two cards' artwork: about 60 SVG elements, a few ms to render, insert, style and
 * lay out on a slow phone). A scroll that brings ten cards near draws them over five frames, each in a task short
 * enough not to block input (Total Blocking Time counts each task's time past 50 ms).
 */
export const REVEALS_PER_FRAME = 2;

type Reveal = () => void;

/** One observer for every element that waits (each card would otherwise start its own), created on first use. */
let sharedObserver: IntersectionObserver | null = null;
const waiting = new Map<Element, Reveal>();
/** Elements that came near, in document order, not drawn yet. */
const queue: Reveal[] = [];
let draining = false;

/** Draws the next {@link REVEALS_PER_FRAME} elements in a transition, and the rest in later frames. */
function drain() {
  const batch = queue.splice(0, REVEALS_PER_FRAME);
  if (batch.length > 0) startTransition(() => batch.forEach((reveal) => reveal()));
  // The next batch after the next frame (the timeout lets this batch's render and commit go first).
  if (queue.length > 0) requestAnimationFrame(() => setTimeout(drain, 0));
  else draining = false;
}

function observerOf(): IntersectionObserver {
  sharedObserver ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const reveal = waiting.get(entry.target);
        waiting.delete(entry.target);
        sharedObserver?.unobserve(entry.target);
        if (reveal) queue.push(reveal);
      }
      if (!draining && queue.length > 0) {
        draining = true;
        drain();
      }
    },
    { rootMargin: NEAR_VIEWPORT_MARGIN },
  );
  return sharedObserver;
}

/**
 * Whether an element is, or has been, within {@link NEAR_VIEWPORT_MARGIN} of the viewport: for parts of a long list that
 * can wait to be drawn until a scroll brings them close (a page of 50 cards created about 2,000 elements of
 * artwork in one commit, most of them far below the fold). Returns a ref callback for the element and the answer, which
 * turns true once (in a transition, {@link REVEALS_PER_FRAME} elements a frame, in the order they came near) and stays
 * true, even if `enabled` turns true later. With `enabled` false at first, or in a browser without IntersectionObserver (and
 * in jsdom), the answer is true at once; rendered on the server, it is false (the part is drawn once hydrated).
 * @returns `[ref, near]`: the ref callback stops watching when React detaches it (React 19's ref cleanup)
 */
export function useNearViewport(enabled: boolean): [(element: Element | null) => (() => void) | undefined, boolean] {
  // Rendered on the server (no window), a waiting part waits too: the browser's first render, which hydrates that HTML,
  // has not seen the viewport yet either.
  const observable = enabled && (typeof window === 'undefined' || typeof IntersectionObserver !== 'undefined');
  // Starts true when the element need not wait, and stays true: a part once drawn is never taken back (a card that moves
  // down a re-sorted list keeps its picture).
  const [arrived, setArrived] = useState(!observable);
  const ref = useCallback(
    (element: Element | null) => {
      if (!observable || arrived || element === null) return;
      waiting.set(element, () => setArrived(true));
      observerOf().observe(element);
      return () => {
        waiting.delete(element);
        sharedObserver?.unobserve(element);
      };
    },
    [observable, arrived],
  );
  return [ref, !observable || arrived];
}
