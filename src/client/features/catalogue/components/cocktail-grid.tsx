import { startTransition, useDeferredValue, useEffect, useState } from 'react';
import { cn } from '@/client/lib/utils';
import type { CocktailSummary } from '@/shared/schemas/cocktail';
import {
  CocktailCard,
  CocktailCardSkeleton,
  CocktailCardSlot,
  DEFERRED_CARD,
  type CocktailCardVariant,
} from './cocktail-card';

/** Column classes of every cocktail grid: 1 column on phones, 2 from 640 px, 3 from 1024 px, 4 from 1280 px (docs/product.md, Screens: 1 to 4). */
export const GRID_COLUMNS = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** Cards of the first screen; later ones skip style, layout and paint until they near the viewport ({@link DEFERRED_CARD}). */
const EAGER_CARDS = 8;

/**
 * Cards added by each draw of a list drawn in the background, one draw a frame: a draw's render, commit, style and
 * layout stay a short task on a slow phone. Four is a row of the widest grid, and more than a phone shows;
 * measured against eight per draw, the blocking-time bench's `/discover` went 261 -> 159 ms (10 runs each).
 */
const CARDS_PER_DRAW = 4;

/**
 * How many of `items` are drawn: with `progressive`, {@link CARDS_PER_DRAW} at once, then as many more a frame (each a
 * transition, in a task after the frame, so the browser paints in between), until all are; without, all. A list with
 * another first card (a new search, a shuffle) starts again from the first cards; a list that only grew (the next page)
 * carries on from where the drawing was. The count never goes past the list.
 */
function useDrawnCount(items: readonly CocktailSummary[], progressive: boolean): number {
  const first = items[0]?.id;
  const [drawn, setDrawn] = useState({ first, count: CARDS_PER_DRAW });
  let count = drawn.count;
  // A grid that draws everything at once never needs the count: no extra render when its list changes.
  if (progressive && drawn.first !== first) {
    // Adjusting state to a new list while rendering (React's pattern for state derived from props).
    count = CARDS_PER_DRAW;
    setDrawn({ first, count });
  }
  const complete = !progressive || count >= items.length;
  useEffect(() => {
    if (complete) return;
    let task = 0;
    const frame = requestAnimationFrame(() => {
      task = window.setTimeout(() => {
        startTransition(() => setDrawn((now) => ({ first: now.first, count: now.count + CARDS_PER_DRAW })));
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, [complete, count]);
  return complete ? items.length : count;
}

/** Stable empty list: the initial value of cards drawn in the background. */
const NO_ITEMS: readonly CocktailSummary[] = [];

/**
 * A grid of cocktail cards, as a list. While `loading` with no items it shows `skeletonCount` skeleton cards of the same
 * size; `appendSkeletons` adds skeletons after the items (next page loading). Skeleton items are hidden from assistive
 * technology, so the list's item count is always the number of real cards (the list says aria-busy meanwhile).
 *
 * `drawInBackground` (home: Total Blocking Time): new items are drawn as a deferred update, which React renders
 * in short interruptible slices while the previous cards (or the skeletons) stay on screen; 50 cards drawn at once were
 * one long task on a slow phone. The deferral sits here, below the page, so the background render holds only the grid
 * and its cards, which read no changing external store: had it included the page's own query, a query update landing
 * mid-draw would make React discard the slices and draw everything again in one blocking pass (tearing protection).
 * Not for pre-rendered pages: the first draw is the skeletons. A list drawn in the background is also drawn a few cards
 * at a time ({@link useDrawnCount}): 50 cards' commit, style and layout were each one long task (20-40 ms observed here
 * at the start of `/` and `/discover`, four times that on Lighthouse's phone); cards not drawn yet hold their place as
 * still, empty frames of their size ({@link CocktailCardSlot}), so nothing below the list moves and an infinite-scroll
 * marker after it stays where it will be.
 *
 * Every card's artwork (about 30 SVG elements, most of a card's elements) waits until the card is near the viewport and
 * is then drawn a few cards a frame (CocktailVisual's `deferUntilNear`, useNearViewport): the cards' text and the artwork's backdrop arrive
 * in one commit, the glasses just after, without a long task.
 */
export function CocktailGrid({
  items,
  variant = 'home',
  loading = false,
  skeletonCount = 8,
  appendSkeletons = 0,
  label,
  className,
  stale = false,
  drawInBackground = false,
}: {
  items: readonly CocktailSummary[];
  variant?: CocktailCardVariant;
  loading?: boolean;
  skeletonCount?: number;
  appendSkeletons?: number;
  /** Accessible name of the list, e.g. "Cocktails". */
  label: string;
  className?: string;
  /** Items shown are the previous search's while a new one loads: dims them slightly. */
  stale?: boolean;
  /** Draw new items in the background (see above). */
  drawInBackground?: boolean;
}) {
  const deferredItems = useDeferredValue(items, NO_ITEMS);
  const shown = drawInBackground ? deferredItems : items;
  const drawnCount = useDrawnCount(shown, drawInBackground);
  const showSkeletons = (loading || shown !== items) && shown.length === 0;
  return (
    <ul
      aria-label={label}
      aria-busy={loading || stale || shown !== items || drawnCount < shown.length || appendSkeletons > 0}
      className={cn(GRID_COLUMNS, 'transition-opacity duration-200', stale && 'opacity-60', className)}
    >
      {showSkeletons
        ? Array.from({ length: skeletonCount }, (_, i) => (
            <li key={`skeleton-${i}`} aria-hidden="true">
              <CocktailCardSkeleton variant={variant} />
            </li>
          ))
        : shown.map((cocktail, index) =>
            index < drawnCount ? (
              <li key={cocktail.id} className={index >= EAGER_CARDS ? DEFERRED_CARD[variant] : undefined}>
                <CocktailCard cocktail={cocktail} variant={variant} />
              </li>
            ) : (
              <li key={cocktail.id} aria-hidden="true">
                <CocktailCardSlot variant={variant} />
              </li>
            ),
          )}
      {!showSkeletons &&
        Array.from({ length: appendSkeletons }, (_, i) => (
          <li key={`more-${i}`} aria-hidden="true">
            <CocktailCardSkeleton variant={variant} />
          </li>
        ))}
    </ul>
  );
}
