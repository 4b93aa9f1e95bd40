import { useDeferredValue } from 'react';
import { cn } from '@/client/lib/utils';
import type { CocktailSummary } from '@/shared/schemas/cocktail';
import { CocktailCard, CocktailCardSkeleton, type CocktailCardVariant } from './cocktail-card';

/** Column classes of every cocktail grid: 1 column on phones, 2 from 640 px, 3 from 1024 px, 4 from 1280 px (spec: 1 to 4). */
export const GRID_COLUMNS = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** Cards drawn at once; later ones skip style, layout and paint until they near the viewport. */
const EAGER_CARDS = 8;

/**
 * `content-visibility: auto` for the cards after the first {@link EAGER_CARDS} (issue 12): a page of 50 cards cost the
 * browser one long style-and-layout task when it arrived. Until drawn, a card counts as its usual height (142 px in the
 * one-column phone layout, 302 px from 640 px), then as the height it last had ('auto'), so the list does not jump.
 */
const DEFERRED_CARD =
  '[content-visibility:auto] [contain-intrinsic-size:auto_142px] sm:[contain-intrinsic-size:auto_302px]';

/** Stable empty list: the initial value of cards drawn in the background. */
const NO_ITEMS: readonly CocktailSummary[] = [];

/**
 * A grid of cocktail cards, as a list. While `loading` with no items it shows `skeletonCount` skeleton cards of the same
 * size; `appendSkeletons` adds skeletons after the items (next page loading). Skeleton items are hidden from assistive
 * technology, so the list's item count is always the number of real cards (the list says aria-busy meanwhile).
 *
 * `drawInBackground` (home, issue 12: Total Blocking Time): new items are drawn as a deferred update, which React renders
 * in short interruptible slices while the previous cards (or the skeletons) stay on screen; 50 cards drawn at once were
 * one long task on a slow phone. The deferral sits here, below the page, so the background render holds only the grid
 * and its cards, which read no changing external store: had it included the page's own query, a query update landing
 * mid-draw would make React discard the slices and draw everything again in one blocking pass (tearing protection).
 * Not for pre-rendered pages: the first draw is the skeletons.
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
  const showSkeletons = (loading || shown !== items) && shown.length === 0;
  return (
    <ul
      aria-label={label}
      aria-busy={loading || stale || shown !== items || appendSkeletons > 0}
      className={cn(GRID_COLUMNS, 'transition-opacity duration-200', stale && 'opacity-60', className)}
    >
      {showSkeletons
        ? Array.from({ length: skeletonCount }, (_, i) => (
            <li key={`skeleton-${i}`} aria-hidden="true">
              <CocktailCardSkeleton variant={variant} />
            </li>
          ))
        : shown.map((cocktail, index) => (
            <li key={cocktail.id} className={index >= EAGER_CARDS ? DEFERRED_CARD : undefined}>
              <CocktailCard cocktail={cocktail} variant={variant} />
            </li>
          ))}
      {!showSkeletons &&
        Array.from({ length: appendSkeletons }, (_, i) => (
          <li key={`more-${i}`} aria-hidden="true">
            <CocktailCardSkeleton variant={variant} />
          </li>
        ))}
    </ul>
  );
}
