import { StarIcon } from 'lucide-react';
import { useRatings } from '../api/notes-ratings';
import { AddToCollection } from './add-to-collection';

/**
 * On a cocktail card, for a user with the plan: an icon button that adds the cocktail to a collection and, when they rated
 * it, their rating as a small star badge ('★ 4.5'). Loaded lazily by recipe-notes-slot.tsx.
 */
export function CardExtras({ userId, cocktail }: { userId: string; cocktail: { id: number; name: string } }) {
  const ratings = useRatings(userId);
  const stars = ratings.data?.items.find((r) => r.cocktailId === cocktail.id)?.stars ?? null;
  return (
    <span className="flex flex-col items-end gap-1.5">
      <AddToCollection userId={userId} cocktail={cocktail} canWrite compact />
      {stars !== null ? (
        <span
          role="img"
          aria-label={`Your rating of ${cocktail.name}: ${stars} of 5 stars`}
          className="inline-flex h-6 items-center gap-0.5 rounded-full bg-background/80 px-1.5 text-xs font-semibold text-accent tabular-nums backdrop-blur"
          data-testid="card-rating"
        >
          <StarIcon className="size-3 fill-accent" aria-hidden="true" />
          {stars}
        </span>
      ) : null}
    </span>
  );
}
