import { HistoryIcon, PackageIcon, Trash2Icon } from 'lucide-react';
import { IngredientSearch } from '@/client/components/ingredient-search';
import { LoadFailed } from '@/client/components/load-failed';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { ApiError } from '@/client/lib/api-client';
import { formatCount } from '@/client/lib/format-count';
import { useIngredients } from '@/client/lib/ingredients';
import { showToast } from '@/client/lib/toast-events';
import { cn } from '@/client/lib/utils';
import type { VenueBarAction } from '@/shared/schemas/venues';
import { useChangeVenueBar, useVenueBar, useVenueBarActivity, type BarChange } from '../api/inventory';

/** How the activity list words each change. */
const ACTION_TEXT: Record<VenueBarAction, string> = {
  added: 'added',
  removed: 'removed',
  '86': "86'd",
  back: 'brought back',
};

/** 'just now', '5 min ago', '3 h ago', or the date. */
function when(at: string, now = Date.now()): string {
  const minutes = Math.round((now - new Date(at).getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.round(minutes / 60)} h ago`;
  return new Date(at).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
}

/**
 * The team inventory (every member): add bottles from the catalogue, mark one 86'd when it runs out tonight (it stays
 * listed, struck through, and counts as missing for every recipe until it is back), remove one, and see who changed
 * what.
 */
export function InventoryPanel({ userId, slug }: { userId: string; slug: string }) {
  const bar = useVenueBar(userId, slug);
  const activity = useVenueBarActivity(userId, slug);
  const ingredients = useIngredients();
  const change = useChangeVenueBar(userId, slug);
  const run = (next: BarChange, failure: string) =>
    change.mutate(next, {
      onError: (error) =>
        showToast({
          title: failure,
          description: error instanceof ApiError ? error.message : 'Try again.',
          variant: 'error',
        }),
    });
  const owned = new Set(bar.data?.items.map((item) => item.id) ?? []);

  return (
    <section
      aria-labelledby="inventory-title"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 shadow-card"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="inventory-title" className="flex items-center gap-2 font-display text-xl font-semibold">
          <PackageIcon aria-hidden="true" className="size-5 text-accent" />
          Team inventory
        </h2>
        {bar.data ? (
          <p className="text-sm text-muted" data-testid="inventory-summary" role="status">
            {formatCount(bar.data.items.length)} {bar.data.items.length === 1 ? 'bottle' : 'bottles'} · makes{' '}
            {formatCount(bar.data.canMake)} {bar.data.canMake === 1 ? 'cocktail' : 'cocktails'}
          </p>
        ) : null}
      </div>
      <IngredientSearch
        label="Add a bottle"
        placeholder="Campari, London dry gin…"
        items={ingredients.data ?? []}
        owned={owned}
        disabled={!ingredients.data}
        onPick={(item) => run({ kind: 'add', ingredientId: item.id }, 'Not added')}
      />
      {bar.isPending ? (
        <Skeleton className="h-32 w-full rounded-xl" />
      ) : bar.isError ? (
        <LoadFailed
          variant="banner"
          message="The inventory could not be loaded."
          onRetry={() => void bar.refetch()}
          retrying={bar.isFetching}
        />
      ) : bar.data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border-strong p-5 text-sm text-muted">
          No bottles yet. Add what the bar stocks; everyone on the team sees the same list.
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-border" aria-label="Bottles">
          {bar.data.items.map((item) => (
            <li key={item.id} className="flex items-center gap-3 py-2.5">
              <span className="flex min-w-0 flex-1 flex-col">
                <span className={cn('truncate font-medium', item.eightySixed && 'text-muted line-through')}>
                  {item.name}
                </span>
                <span className="text-xs text-muted">
                  {item.eightySixed ? 'Out tonight' : item.category}
                  {item.updatedBy ? ` · ${item.updatedBy}` : ''}
                </span>
              </span>
              <Button
                variant={item.eightySixed ? 'default' : 'outline'}
                size="sm"
                aria-pressed={item.eightySixed}
                aria-label={`86 ${item.name}`}
                title={item.eightySixed ? `${item.name} is back in stock` : `${item.name} ran out tonight`}
                disabled={change.isPending}
                onClick={() =>
                  run({ kind: 'eighty-six', ingredientId: item.id, eightySixed: !item.eightySixed }, 'Not changed')
                }
              >
                86
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${item.name}`}
                disabled={change.isPending}
                onClick={() => run({ kind: 'remove', ingredientId: item.id }, 'Not removed')}
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {activity.data && activity.data.items.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h3 className="flex items-center gap-1.5 text-sm font-semibold text-muted">
            <HistoryIcon aria-hidden="true" className="size-4" />
            Recent changes
          </h3>
          <ol className="flex flex-col gap-1.5 text-sm" aria-label="Recent changes">
            {activity.data.items.slice(0, 10).map((entry) => (
              <li key={entry.id} className="flex flex-wrap gap-x-1.5">
                <span className="font-medium">{entry.by}</span>{' '}
                <span className="text-muted">{ACTION_TEXT[entry.action]}</span> <span>{entry.ingredient.name}</span>{' '}
                <span className="text-muted">· {when(entry.at)}</span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
