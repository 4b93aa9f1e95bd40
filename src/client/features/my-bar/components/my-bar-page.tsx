import { Tabs } from 'radix-ui';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams, type To } from 'react-router';
import { Badge } from '@/client/components/ui/badge';
import { Skeleton } from '@/client/components/ui/skeleton';
import { LoadFailed } from '@/client/components/load-failed';
import { LapsedPlanNote } from '@/client/components/lapsed-plan-note';
import { CanAddContext } from '../hooks/use-can-add';
import { ApiError } from '@/client/lib/api-client';
import { useIngredients } from '@/client/lib/ingredients';
import { cn } from '@/client/lib/utils';
import { planLabel, type PlanName } from '@/shared/domain/plans';
import { useBar, useMakeable, useShoppingList } from '../api/my-bar-api';
import { BottlesPanel } from './bottles-panel';
import { ShoppingPanel } from './shopping-panel';
import { BuyNextView, MakeableView } from './views-panel';

/** Texts of My Bar. */
export const MY_BAR_TEXT = {
  title: 'My Bar',
  loadFailed: 'My Bar could not be loaded.',
  emptyCanMake: 'Nothing yet: add the bottles you own under “My bottles” (or tap a starter set) and this fills up.',
  emptyOneAway: 'Nothing is one bottle away yet. Add a few bottles and My Bar shows what a single purchase unlocks.',
} as const;

/** The page's views, in tab order, with the URL's `view` value for each. */
export const MY_BAR_VIEWS = [
  { key: 'can-make', label: 'Can make now' },
  { key: 'one-away', label: 'One away' },
  { key: 'buy-next', label: 'Buy next' },
  { key: 'shopping', label: 'Shopping list' },
  { key: 'bottles', label: 'My bottles' },
] as const;
type ViewKey = (typeof MY_BAR_VIEWS)[number]['key'];

const tabClass =
  'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-muted outline-none hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring data-[state=active]:bg-accent data-[state=active]:text-accent-foreground';

/** A small count after a tab's label. */
function Count({ value }: { value: number | undefined }) {
  if (value === undefined) return null;
  return <span className="rounded-full bg-black/20 px-1.5 text-xs tabular-nums">{value}</span>;
}

/**
 * My Bar for a user the server lets in (pro or enterprise): what the bottles make now, what is one ingredient away, what
 * to buy next, the shopping list and the bottles themselves. The view lives in the URL (`?view=`). An empty bar opens on
 * 'My bottles'. For a `lapsed` plan the data shows under a note linking to /upgrade, without the controls that add (the server
 * refuses them). A
 * 403 ENTITLEMENT_REQUIRED on a read (the user never had the plan) calls `onEntitlementLost`.
 * `recipeTo` builds the link that opens a recipe (the app's recipe modal).
 */
export function MyBarPage({
  userId,
  plan,
  lapsed = false,
  onEntitlementLost,
  recipeTo,
  renderCardActions,
}: {
  userId: string;
  plan: PlanName;
  /** The plan ended: the server still answers reads and removals; the page says so and links to /upgrade. */
  lapsed?: boolean;
  onEntitlementLost: () => void;
  recipeTo: (id: number) => To;
  /** Drawn on each cocktail card of the views (the app composes 'add to a collection' there). */
  renderCardActions?: (cocktail: { id: number; name: string }) => ReactNode;
}) {
  const bar = useBar(userId);
  const ingredients = useIngredients();
  const canMake = useMakeable(userId, 'can-make');
  const oneAway = useMakeable(userId, 'one-away');
  const shopping = useShoppingList(userId);
  const [params, setParams] = useSearchParams();
  const lost = [bar.error, canMake.error].some((e) => e instanceof ApiError && e.code === 'ENTITLEMENT_REQUIRED');
  useEffect(() => {
    if (lost) onEntitlementLost();
  }, [lost, onEntitlementLost]);

  const asked = params.get('view');
  // The view without ?view= is decided once, when the bar first loads: adding the first bottle must not flip the tab.
  const [firstFallback, setFirstFallback] = useState<ViewKey | null>(null);
  if (firstFallback === null && bar.data) setFirstFallback(bar.data.items.length === 0 ? 'bottles' : 'can-make');
  const fallback: ViewKey = firstFallback ?? (bar.data?.items.length === 0 ? 'bottles' : 'can-make');
  const view: ViewKey = MY_BAR_VIEWS.some((v) => v.key === asked) ? (asked as ViewKey) : fallback;
  const counts: Partial<Record<ViewKey, number>> = {
    'can-make': canMake.data?.pages[0]?.total,
    'one-away': oneAway.data?.pages[0]?.total,
    shopping: shopping.data?.items.length,
    bottles: bar.data?.items.length,
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6" data-testid="my-bar-page">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">Your bottles</p>
          <h1 className="font-display text-3xl font-semibold tracking-[-0.02em] md:text-4xl">{MY_BAR_TEXT.title}</h1>
          {bar.data ? (
            <p className="mt-2 text-muted" data-testid="my-bar-summary">
              {bar.data.items.length} {bar.data.items.length === 1 ? 'bottle' : 'bottles'}
              {counts['can-make'] !== undefined
                ? ` · ${counts['can-make']} ${counts['can-make'] === 1 ? 'cocktail' : 'cocktails'} you can make tonight`
                : ''}
            </p>
          ) : null}
        </div>
        <Badge variant="accent" data-testid="my-bar-plan">
          {planLabel(plan)}
        </Badge>
      </header>
      {lapsed ? <LapsedPlanNote what="Your bottles and shopping list" /> : null}
      {bar.isPending || ingredients.isPending ? (
        <Skeleton className="h-48 w-full rounded-3xl" />
      ) : bar.isError || ingredients.isError ? (
        <LoadFailed
          variant="banner"
          message={MY_BAR_TEXT.loadFailed}
          onRetry={() => {
            void bar.refetch();
            void ingredients.refetch();
          }}
          retrying={bar.isFetching || ingredients.isFetching}
        />
      ) : (
        <CanAddContext.Provider value={!lapsed}>
          <Tabs.Root
            value={view}
            onValueChange={(next) =>
              setParams(
                (prev) => {
                  const search = new URLSearchParams(prev);
                  search.set('view', next);
                  return search;
                },
                { replace: true, preventScrollReset: true },
              )
            }
          >
            <Tabs.List aria-label="My Bar" className="mb-5 flex flex-wrap gap-1.5">
              {MY_BAR_VIEWS.map((v) => (
                <Tabs.Trigger key={v.key} value={v.key} className={cn(tabClass, 'border border-border bg-surface-2')}>
                  {v.label}
                  <Count value={counts[v.key]} />
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="can-make" className="outline-none">
              <MakeableView
                userId={userId}
                view="can-make"
                recipeTo={recipeTo}
                emptyText={MY_BAR_TEXT.emptyCanMake}
                renderActions={renderCardActions}
              />
            </Tabs.Content>
            <Tabs.Content value="one-away" className="outline-none">
              <MakeableView
                userId={userId}
                view="one-away"
                recipeTo={recipeTo}
                emptyText={MY_BAR_TEXT.emptyOneAway}
                renderActions={renderCardActions}
              />
            </Tabs.Content>
            <Tabs.Content value="buy-next" className="outline-none">
              <BuyNextView userId={userId} />
            </Tabs.Content>
            <Tabs.Content value="shopping" className="outline-none">
              <ShoppingPanel userId={userId} />
            </Tabs.Content>
            <Tabs.Content value="bottles" className="outline-none">
              <BottlesPanel userId={userId} bar={bar.data.items} ingredients={ingredients.data} />
            </Tabs.Content>
          </Tabs.Root>
        </CanAddContext.Provider>
      )}
    </div>
  );
}
