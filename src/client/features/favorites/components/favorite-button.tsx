import { HeartIcon } from 'lucide-react';
import { cn } from '@/client/lib/utils';
import { useFavorite } from '../hooks/use-favorite';

/** Accessible name of the heart: what pressing it will do. */
export function favoriteButtonLabel(name: string, isFavorite: boolean): string {
  return isFavorite ? `Remove ${name} from favorites` : `Save ${name} to favorites`;
}

/**
 * The heart toggle of one cocktail (docs/product.md: Screens, States; cards and the recipe show a favorite toggle). A
 * real button with aria-pressed (true when saved) and a name saying what it does ('Save {name} to favorites' / 'Remove
 * {name} from favorites'). Behaviour (optimistic write, rollback, sign-in prompt) comes from {@link useFavorite}.
 *
 * Place it beside a card's link, never inside it. 40 x 40 px hit area.
 */
export function FavoriteButton({
  cocktailId,
  name,
  className,
}: {
  cocktailId: number;
  /** The cocktail's name, used in the button's accessible name. */
  name: string;
  className?: string;
}) {
  const { isFavorite, toggle, sessionStatus } = useFavorite(cocktailId, name);
  return (
    <button
      type="button"
      aria-pressed={isFavorite}
      aria-label={favoriteButtonLabel(name, isFavorite)}
      data-state={isFavorite ? 'on' : 'off'}
      data-session={sessionStatus}
      onClick={toggle}
      className={cn(
        'group/heart inline-flex size-10 shrink-0 items-center justify-center rounded-full border border-border-strong/80 bg-background/70 text-foreground/80 backdrop-blur-md transition-[color,background-color,border-color,transform] duration-150 hover:border-accent/70 hover:text-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring active:scale-90',
        isFavorite && 'border-accent/60 bg-accent-soft text-accent',
        className,
      )}
    >
      <HeartIcon
        aria-hidden="true"
        className={cn('size-5 transition-transform duration-200', isFavorite && 'scale-110')}
        fill={isFavorite ? 'currentColor' : 'none'}
        strokeWidth={isFavorite ? 2 : 1.75}
      />
    </button>
  );
}
