import { StarIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { CheckChip } from '@/client/components/check-chip';
import { NativeSelect } from '@/client/components/ui/native-select';
import {
  LIST_SORT_LABELS,
  LIST_SORTS,
  RATED_FILTER_STARS,
  type ListSort,
  type RatingOrder,
} from '@/shared/domain/rating-order';

const sameOrder = (a: RatingOrder, b: RatingOrder) => a.sort === b.sort && a.minRating === b.minRating;

/**
 * A signed-in user's own order for a cocktail list: a 'Rated 4+' chip and a Sort select (the catalogue's own
 * order, 'My ratings', 'Rated first'). Controlled: `order` in, every change out through `onChange`. The catalogue's own
 * order reads 'A to Z' without search text and 'Best match' with it.
 */
export function ListOrderControls({
  order,
  onChange,
  hasText,
}: {
  order: RatingOrder;
  onChange: (order: RatingOrder) => void;
  hasText: boolean;
}) {
  const selectId = useId();
  // The controls follow a change at once; `order` (usually the address, a router navigation) catches up a moment later.
  const [chosen, setChosen] = useState<RatingOrder | null>(null);
  if (chosen !== null && sameOrder(chosen, order)) setChosen(null);
  const shown = chosen ?? order;
  const change = (next: RatingOrder) => {
    setChosen(next);
    onChange(next);
  };
  return (
    <div className="flex items-center gap-2">
      <CheckChip
        checked={order.minRating !== undefined}
        onCheckedChange={(on) => onChange(on ? { ...order, minRating: RATED_FILTER_STARS } : { sort: order.sort })}
      >
        <StarIcon className="size-3.5 fill-accent text-accent" aria-hidden="true" />
        Rated {RATED_FILTER_STARS}+
      </CheckChip>
      <label htmlFor={selectId} className="sr-only">
        Sort
      </label>
      <NativeSelect
        id={selectId}
        size="sm"
        className="w-36"
        value={shown.sort}
        onChange={(event) => change({ ...shown, sort: event.target.value as ListSort })}
      >
        {LIST_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {sort === 'relevance' ? (hasText ? 'Sort: best match' : 'Sort: A to Z') : `Sort: ${LIST_SORT_LABELS[sort]}`}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
