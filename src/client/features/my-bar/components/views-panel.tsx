import { CheckIcon, ListPlusIcon, PackagePlusIcon, SparklesIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, type To } from 'react-router';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { LoadFailed } from '@/client/components/load-failed';
import { showToast } from '@/client/lib/toast-events';
import { pressHint } from '@/shared/domain/produce';
import type { LineCoverageBody, MakeableItem } from '@/shared/schemas/my-bar';
import { useMakeable, useShoppingList, useSuggestions } from '../api/my-bar-api';
import { useChangeBar, useChangeShoppingList } from '../api/my-bar-writes';
import { useCanAdd } from '../hooks/use-can-add';
import { writeFailure } from './bottles-panel';

/**
 * Why a line counts, in words, for the lines that need explaining ('Rye whiskey for Bourbon', 'house-made …', 'juice your
 * limes').
 */
export function coverageReason(line: LineCoverageBody): string | null {
  if (!line.via) return null;
  switch (line.coverage) {
    case 'substitute':
    case 'swap':
      return `${line.via.name} for ${line.ingredient.name}`;
    case 'below':
      return `${line.via.name} as ${line.ingredient.name.toLowerCase()}`;
    case 'house-made':
      return `house-made ${line.via.name.toLowerCase()}`;
    case 'fresh':
      return pressHint(line.via.name);
    default:
      return null;
  }
}

/** Buttons that add an ingredient to the shopping list or straight to the bar (none for a lapsed plan: useCanAdd). */
function AddButtons({ userId, ingredient }: { userId: string; ingredient: { id: number; name: string } }) {
  const canAdd = useCanAdd();
  const bar = useChangeBar(userId);
  const shopping = useChangeShoppingList(userId);
  const list = useShoppingList(userId);
  const listed = list.data?.items.some((item) => item.ingredient.id === ingredient.id) ?? false;
  const fail = (error: unknown) =>
    showToast({ title: 'Not changed', description: writeFailure(error), variant: 'error' });
  if (!canAdd) return null;
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        type="button"
        size="sm"
        variant="secondary"
        disabled={listed || shopping.isPending}
        onClick={() =>
          shopping.mutate(
            { kind: 'add', ingredientId: ingredient.id },
            {
              onSuccess: () => showToast({ title: `${ingredient.name} is on your shopping list` }),
              onError: fail,
            },
          )
        }
      >
        {listed ? <CheckIcon aria-hidden="true" /> : <ListPlusIcon aria-hidden="true" />}
        {listed ? 'On your list' : 'Add to shopping list'}
        <span className="sr-only">: {ingredient.name}</span>
      </Button>
      <Button
        type="button"
        size="sm"
        variant="ghost"
        disabled={bar.isPending}
        onClick={() =>
          bar.mutate(
            { kind: 'add', ingredientId: ingredient.id },
            { onSuccess: () => showToast({ title: `${ingredient.name} added to My Bar` }), onError: fail },
          )
        }
      >
        <PackagePlusIcon aria-hidden="true" />I have it<span className="sr-only">: {ingredient.name}</span>
      </Button>
    </div>
  );
}

/** One cocktail of a view: name (opens the recipe), base spirit, why it matches, and what is missing. */
function MakeableCard({
  item,
  userId,
  recipeTo,
  renderActions,
}: {
  item: MakeableItem;
  userId: string;
  recipeTo: (id: number) => To;
  renderActions?: (cocktail: { id: number; name: string }) => ReactNode;
}) {
  const reasons = item.lines.map(coverageReason).filter((r): r is string => r !== null);
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-card"
      data-testid="makeable-card"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Link
            to={recipeTo(item.cocktail.id)}
            state={{ recipeFromList: true }}
            className="font-display text-lg font-semibold outline-none hover:text-accent focus-visible:underline"
          >
            {item.cocktail.name}
          </Link>
          <p className="text-xs text-muted">
            {item.cocktail.base_spirit} · {item.cocktail.technique} · {item.cocktail.glassware}
          </p>
        </div>
        <span className="flex shrink-0 items-center gap-2">
          {renderActions?.(item.cocktail)}
          <Badge variant="outline">{item.cocktail.strength}</Badge>
        </span>
      </div>
      {reasons.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Why it matches">
          {reasons.map((reason) => (
            <li key={reason}>
              <Badge variant="secondary">{reason}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      {item.missing ? (
        <>
          <p className="text-sm">
            Missing: <strong data-testid="missing-ingredient">{item.missing.name}</strong>
          </p>
          <AddButtons userId={userId} ingredient={item.missing} />
        </>
      ) : null}
    </li>
  );
}

/** 'Can make now' or 'One ingredient away': the cocktails page after page, with an empty state that says what to do. */
export function MakeableView({
  userId,
  view,
  recipeTo,
  emptyText,
  renderActions,
}: {
  userId: string;
  view: 'can-make' | 'one-away';
  recipeTo: (id: number) => To;
  emptyText: string;
  /** Drawn on each card (the app composes 'add to a collection' there). */
  renderActions?: (cocktail: { id: number; name: string }) => ReactNode;
}) {
  const query = useMakeable(userId, view);
  if (query.isPending) return <Skeleton className="h-40 w-full rounded-xl" />;
  if (query.isError) {
    return (
      <LoadFailed
        variant="banner"
        message="This view could not be loaded."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const items = query.data.pages.flatMap((page) => page.items);
  const total = query.data.pages[0]?.total ?? 0;
  if (total === 0)
    return <p className="rounded-xl border border-dashed border-border-strong p-6 text-sm text-muted">{emptyText}</p>;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted" role="status">
        {total} {total === 1 ? 'cocktail' : 'cocktails'}
      </p>
      <ul
        className="grid gap-3 md:grid-cols-2"
        aria-label={view === 'can-make' ? 'Can make now' : 'One ingredient away'}
      >
        {items.map((item) => (
          <MakeableCard
            key={item.cocktail.id}
            item={item}
            userId={userId}
            recipeTo={recipeTo}
            renderActions={renderActions}
          />
        ))}
      </ul>
      {query.hasNextPage ? (
        <Button
          type="button"
          variant="secondary"
          className="self-center"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </Button>
      ) : null}
    </div>
  );
}

/** Buy next: the ingredients that would make the most new cocktails, with a few of them named. */
export function BuyNextView({ userId }: { userId: string }) {
  const query = useSuggestions(userId);
  if (query.isPending) return <Skeleton className="h-40 w-full rounded-xl" />;
  if (query.isError) {
    return (
      <LoadFailed
        variant="banner"
        message="Suggestions could not be loaded."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.data.items.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-border-strong p-6 text-sm text-muted">
        No single bottle would add a cocktail yet: add a few more bottles, or a starter set.
      </p>
    );
  }
  return (
    <ol className="flex flex-col gap-3" aria-label="Buy next">
      {query.data.items.map((suggestion, index) => (
        <li
          key={suggestion.ingredient.id}
          className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-card sm:flex-row sm:items-center sm:justify-between"
          data-testid="suggestion"
        >
          <div className="flex min-w-0 gap-3">
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-soft font-semibold text-accent"
            >
              {index + 1}
            </span>
            <div className="min-w-0">
              <p className="font-medium">{suggestion.ingredient.name}</p>
              <p className="text-sm">
                <SparklesIcon className="mr-1 inline size-3.5 text-accent" aria-hidden="true" />
                {suggestion.unlocks} more {suggestion.unlocks === 1 ? 'cocktail' : 'cocktails'}
                {suggestion.nearer ? (
                  <span className="text-muted"> · {suggestion.nearer} more within one bottle</span>
                ) : null}
              </p>
              {suggestion.examples.length ? (
                <p className="truncate text-xs text-muted">{suggestion.examples.join(', ')}</p>
              ) : null}
            </div>
          </div>
          <AddButtons userId={userId} ingredient={suggestion.ingredient} />
        </li>
      ))}
    </ol>
  );
}
