import { cn } from '@/client/lib/utils';
import type { CocktailSummary } from '@/shared/schemas/cocktail';
import { CocktailCard, CocktailCardSkeleton, type CocktailCardVariant } from './cocktail-card';

/** Column classes of every cocktail grid: 1 column on phones, 2 from 640 px, 3 from 1024 px, 4 from 1280 px (spec: 1 to 4). */
export const GRID_COLUMNS = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/**
 * A grid of cocktail cards, as a list. While `loading` with no items it shows `skeletonCount` skeleton cards of the same
 * size; `appendSkeletons` adds skeletons after the items (next page loading). Skeleton items are hidden from assistive
 * technology, so the list's item count is always the number of real cards (the list says aria-busy meanwhile).
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
}) {
  const showSkeletons = loading && items.length === 0;
  return (
    <ul
      aria-label={label}
      aria-busy={loading || stale || appendSkeletons > 0}
      className={cn(GRID_COLUMNS, 'transition-opacity duration-200', stale && 'opacity-60', className)}
    >
      {showSkeletons
        ? Array.from({ length: skeletonCount }, (_, i) => (
            <li key={`skeleton-${i}`} aria-hidden="true">
              <CocktailCardSkeleton variant={variant} />
            </li>
          ))
        : items.map((cocktail) => (
            <li key={cocktail.id}>
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
