import { useRatings } from '../api/notes-ratings';
import { AddToCollection } from './add-to-collection';
import { RatingStars } from './rating-stars';

/**
 * On a cocktail card, for a user with the plan: their rating (small stars, when they rated it) and an icon button that adds
 * the cocktail to a collection. Loaded lazily by recipe-notes-slot.tsx.
 */
export function CardExtras({ userId, cocktail }: { userId: string; cocktail: { id: number; name: string } }) {
  const ratings = useRatings(userId);
  const stars = ratings.data?.items.find((r) => r.cocktailId === cocktail.id)?.stars ?? null;
  return (
    <span className="flex items-center gap-1.5">
      {stars !== null ? (
        <span className="rounded-full bg-background/70 px-1.5 py-1 backdrop-blur" data-testid="card-rating">
          <RatingStars label={`Your rating of ${cocktail.name}`} value={stars} size="sm" />
        </span>
      ) : null}
      <AddToCollection userId={userId} cocktail={cocktail} canWrite compact />
    </span>
  );
}
