import { ChevronRightIcon, GaugeIcon, GlassWaterIcon, SignalIcon } from 'lucide-react';
import { memo } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '@/client/components/ui/badge';
import { Skeleton } from '@/client/components/ui/skeleton';
import { cn } from '@/client/lib/utils';
import type { CocktailSummary } from '@/shared/schemas/cocktail';
import { useRecipeParam, type RecipeLocationState } from '../hooks/use-recipe-param';
import { useUnitSystem } from '@/client/lib/use-unit-system';
import { useCocktailActions } from './cocktail-actions';
import { formatIngredientsLine } from '../lib/ingredients-line';
import { CocktailVisual } from './cocktail-visual';

/**
 * Cocktail cards. The whole card opens the recipe modal: the cocktail's name is a real link (to `?recipe=<id>`) whose hit
 * area is stretched over the card, so a click anywhere, Enter on the focused name, or opening in a new tab all work.
 * Two controls sit above that link, as its siblings (never inside it): the favorite heart (top right, docs/product.md, Screens:
 * cards show a favorite toggle) and, on discover cards, the 'View Recipe' button. The illustration's glass is drawn once
 * the card nears the viewport (CocktailVisual's `deferUntilNear`).
 *
 * Layout: on phones a row (illustration left, text right); from 640 px a column (illustration on top). Every part has a
 * fixed height so {@link CocktailCardSkeleton} matches a loaded card exactly (no layout shift).
 */

/** Which card: 'home' (name, spirit and category badges, ingredients line) or 'discover' (name, spirit, difficulty,
 * glassware, strength and a 'View Recipe' call to action). */
export type CocktailCardVariant = 'home' | 'discover';

/** Attribute that marks a card's link, carrying the cocktail id; focus returns to it when the modal closes. */
export const CARD_LINK_ATTRIBUTE = 'data-cocktail-link';

const cardShell =
  'group relative flex h-full overflow-hidden rounded-xl border border-border bg-surface shadow-card transition-[border-color,transform,box-shadow] duration-200 flex-row sm:flex-col';
const visualBox = 'w-28 shrink-0 self-stretch sm:h-40 sm:w-full';
const bodyBox = 'flex min-w-0 flex-1 flex-col gap-2 p-4';

function CardLink({ cocktail }: { cocktail: CocktailSummary }) {
  const { recipeLink } = useRecipeParam();
  const state: RecipeLocationState = { recipeFromList: true };
  // The link's address is the cocktail's own page (what a crawler follows and 'Copy link' copies); a click opens
  // the modal over this page.
  const { to, mask } = recipeLink(cocktail);
  return (
    <Link
      to={to}
      mask={mask}
      state={state}
      preventScrollReset
      {...{ [CARD_LINK_ATTRIBUTE]: String(cocktail.id) }}
      className="truncate outline-none after:absolute after:inset-0 after:z-10 after:rounded-xl after:content-['']"
    >
      {cocktail.name}
    </Link>
  );
}

/** Discover cards' 'View Recipe' button: opens the recipe like the name link does (same URL, same history entry). */
function ViewRecipeButton({ cocktail }: { cocktail: CocktailSummary }) {
  const { recipeLink } = useRecipeParam();
  const navigate = useNavigate();
  const state: RecipeLocationState = { recipeFromList: true };
  const { to, mask } = recipeLink(cocktail);
  return (
    <button
      type="button"
      aria-label={`View Recipe for ${cocktail.name}`}
      onClick={() => void navigate(to, { state, mask, preventScrollReset: true })}
      className="relative z-20 mt-auto inline-flex h-8 w-fit items-center gap-1 rounded-lg border border-border-strong px-3 text-sm font-medium text-foreground transition-colors group-hover:border-accent group-hover:bg-accent group-hover:text-accent-foreground hover:border-accent hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      View Recipe
      <ChevronRightIcon aria-hidden="true" className="size-4" />
    </button>
  );
}

/**
 * One cocktail as a card (see the module note). Memoised: a grid re-renders when its page's state changes (the session
 * arriving, a search typed), and the cards, whose props are the list's own objects, need not (a returning
 * visit re-drew all 50 cards in one 150 ms task on a slow phone when the session arrived).
 */
export const CocktailCard = memo(function CocktailCard({
  cocktail,
  variant = 'home',
  headingLevel = 'h3',
}: {
  cocktail: CocktailSummary;
  variant?: CocktailCardVariant;
  /** Heading element of the name (h2 when the page has no section headings). */
  headingLevel?: 'h2' | 'h3';
}) {
  const [system] = useUnitSystem();
  const renderActions = useCocktailActions();
  const Heading = headingLevel;
  return (
    <article
      className={cn(
        cardShell,
        'hover:-translate-y-0.5 hover:border-accent/50 hover:shadow-glow has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring',
      )}
      data-testid="cocktail-card"
    >
      <CocktailVisual
        id={cocktail.id}
        glassware={cocktail.glassware}
        technique={cocktail.technique}
        base_spirit={cocktail.base_spirit}
        garnish={cocktail.garnish}
        flavor_profile={cocktail.flavor_profile}
        ingredients={cocktail.ingredients}
        deferUntilNear
        className={cn(
          visualBox,
          'transition-transform duration-300 group-hover:[&_svg]:scale-105 [&_svg]:transition-transform [&_svg]:duration-300',
        )}
      />
      <div className={bodyBox}>
        <Heading className="flex h-7 items-center pr-9 font-display sm:pr-0 text-lg font-semibold leading-7 tracking-[-0.01em] text-foreground group-hover:text-accent-hover">
          <CardLink cocktail={cocktail} />
        </Heading>
        {variant === 'home' ? (
          <>
            <div className="flex h-6 items-center gap-1.5 overflow-hidden">
              <Badge variant="accent">{cocktail.base_spirit}</Badge>
              {cocktail.category ? <Badge variant="outline">{cocktail.category}</Badge> : null}
            </div>
            <p className="line-clamp-2 h-10 text-sm leading-5 text-muted">
              {formatIngredientsLine(cocktail.ingredients, system)}
            </p>
          </>
        ) : (
          <>
            <div className="flex h-6 items-center gap-1.5 overflow-hidden">
              <Badge variant="accent">{cocktail.base_spirit}</Badge>
              <Badge variant="outline">
                <GaugeIcon aria-hidden="true" />
                <span className="sr-only">Strength: </span>
                {cocktail.strength}
              </Badge>
            </div>
            <dl className="flex h-5 items-center gap-3 overflow-hidden text-sm leading-5 text-muted">
              <div className="flex min-w-0 items-center gap-1">
                <dt>
                  <SignalIcon aria-hidden="true" className="size-3.5" />
                  <span className="sr-only">Difficulty</span>
                </dt>
                <dd className="truncate">{cocktail.difficulty_level}</dd>
              </div>
              <div className="flex min-w-0 items-center gap-1">
                <dt>
                  <GlassWaterIcon aria-hidden="true" className="size-3.5" />
                  <span className="sr-only">Glassware</span>
                </dt>
                <dd className="truncate">{cocktail.glassware}</dd>
              </div>
            </dl>
            <ViewRecipeButton cocktail={cocktail} />
          </>
        )}
      </div>
      <div className="absolute top-2 right-2 z-20">{renderActions(cocktail, 'card')}</div>
    </article>
  );
});

/**
 * Heights of a loaded card (px, border included), by variant and layout: the phone's row (one column) and the column
 * from 640 px. Sums of the fixed heights above: body padding 2 x 16, rows 28 + 24 + 40 (home) or 28 + 24 + 20 + 32
 * (discover) with 8 between them, the artwork's 160 on top from 640 px, and the 1 px border twice. Each class list
 * writes them out whole (Tailwind finds class names in the source as written).
 */
const CARD_SLOT_HEIGHT: Record<CocktailCardVariant, string> = {
  home: 'h-[142px] sm:h-[302px]',
  discover: 'h-[162px] sm:h-[322px]',
};

/**
 * `content-visibility: auto` for a card drawn below the first screen (50 cards' style and layout were one long
 * task when they arrived): the browser skips its style, layout and paint until it nears the viewport. Until then it
 * counts as a card's height ({@link CARD_SLOT_HEIGHT}), then as the height it last had ('auto'), so the list neither
 * jumps nor changes length as the user scrolls.
 */
export const DEFERRED_CARD: Record<CocktailCardVariant, string> = {
  home: '[content-visibility:auto] [contain-intrinsic-size:auto_142px] sm:[contain-intrinsic-size:auto_302px]',
  discover: '[content-visibility:auto] [contain-intrinsic-size:auto_162px] sm:[contain-intrinsic-size:auto_322px]',
};

/**
 * An empty card frame the exact size of a {@link CocktailCard} of the same variant, holding a card's place in a long
 * list until it is drawn (CocktailGrid draws a long list a few cards a frame): still, so it costs no animation frames,
 * and two elements instead of a card's forty. Hidden from assistive technology.
 */
export function CocktailCardSlot({ variant = 'home' }: { variant?: CocktailCardVariant }) {
  return (
    <div
      className={cn('rounded-xl border border-border bg-surface', CARD_SLOT_HEIGHT[variant])}
      aria-hidden="true"
      data-testid="cocktail-card-slot"
    />
  );
}

/** A loading placeholder the exact size of a {@link CocktailCard} of the same variant. */
export function CocktailCardSkeleton({ variant = 'home' }: { variant?: CocktailCardVariant }) {
  return (
    <div className={cardShell} aria-hidden="true" data-testid="cocktail-card-skeleton">
      <Skeleton className={cn(visualBox, 'rounded-none')} />
      <div className={bodyBox}>
        <div className="flex h-7 items-center">
          <Skeleton className="h-5 w-3/5" />
        </div>
        <div className="flex h-6 items-center gap-1.5">
          <Skeleton className="h-5 w-14 rounded-full" />
          <Skeleton className="h-5 w-16 rounded-full" />
        </div>
        {variant === 'home' ? (
          <div className="flex h-10 flex-col justify-center gap-2">
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-4/5" />
          </div>
        ) : (
          <>
            <div className="flex h-5 items-center gap-3">
              <Skeleton className="h-3 w-16" />
              <Skeleton className="h-3 w-20" />
            </div>
            <Skeleton className="mt-auto h-8 w-28 rounded-lg" />
          </>
        )}
      </div>
    </div>
  );
}
