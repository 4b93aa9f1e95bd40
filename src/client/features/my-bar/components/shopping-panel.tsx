import { CopyIcon, Share2Icon, Trash2Icon, XIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { LoadFailed } from '@/client/components/load-failed';
import { showToast } from '@/client/lib/toast-events';
import type { ShoppingListBody } from '@/shared/schemas/my-bar';
import { useShoppingList } from '../api/my-bar-api';
import { useChangeShoppingList } from '../api/my-bar-writes';
import { useCanAdd } from '../hooks/use-can-add';
import { writeFailure } from './bottles-panel';

/** A list row's text: the label of its 'bought' checkbox when there is one (`htmlFor`), else plain text. */
function ItemText({ htmlFor, children }: { htmlFor?: string; children: ReactNode }) {
  if (htmlFor === undefined) return <div className="min-w-0 flex-1 text-sm">{children}</div>;
  return (
    <label htmlFor={htmlFor} className="min-w-0 flex-1 cursor-pointer text-sm">
      {children}
    </label>
  );
}

/** The list as plain text, one line each, for copying or sharing. */
export function shoppingText(list: ShoppingListBody): string {
  return ['Shopping list (Barback)', ...list.items.map((item) => `- ${item.ingredient.name}`)].join('\n');
}

/**
 * What buying something makes possible, in words: 'Makes Negroni', 'Makes Daiquiri, Mojito and 3 more', or, when it
 * completes nothing on its own, that it is one part of a drink.
 */
export function unlocksText({ unlocks, examples }: { unlocks: number; examples: readonly string[] }): string {
  if (unlocks === 0) return 'Completes no drink on its own yet';
  const shown = examples.slice(0, unlocks);
  const more = unlocks - shown.length;
  if (more > 0) return `Makes ${shown.join(', ')} and ${more} more`;
  if (shown.length === 1) return `Makes ${shown[0]}`;
  return `Makes ${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

/**
 * The shopping list: tick an item when bought (it moves into My Bar), remove one, clear all, copy or share it as text.
 */
export function ShoppingPanel({ userId }: { userId: string }) {
  const id = useId();
  const list = useShoppingList(userId);
  const canAdd = useCanAdd();
  const change = useChangeShoppingList(userId);
  const fail = (error: unknown) =>
    showToast({ title: 'Not changed', description: writeFailure(error), variant: 'error' });

  if (list.isPending) return <Skeleton className="h-40 w-full rounded-xl" />;
  if (list.isError) {
    return (
      <LoadFailed
        variant="banner"
        message="The shopping list could not be loaded."
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  const items = list.data.items;
  if (items.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-border-strong p-6 text-sm text-muted">
        Your shopping list is empty. Add what you are missing from “One away”, “Buy next”, any recipe or the batch
        calculator.
      </p>
    );
  }
  const text = shoppingText(list.data);
  const { together } = list.data;
  return (
    <div className="flex flex-col gap-4">
      {together.unlocks > 0 ? (
        <p className="text-sm text-muted" data-testid="shopping-together">
          Everything on the list together {unlocksText(together).replace(/^Makes/, 'makes')}.
        </p>
      ) : null}
      <ul
        className="flex flex-col divide-y divide-border rounded-xl border border-border bg-surface"
        aria-label="Shopping list"
      >
        {items.map((item) => (
          <li key={item.ingredient.id} className="flex items-center gap-3 px-4 py-3">
            {/* 'Bought' moves the bottle into the bar: an add, which a lapsed plan cannot make. */}
            {canAdd ? (
              <input
                id={`${id}-${item.ingredient.id}`}
                type="checkbox"
                className="size-5 accent-[var(--color-accent)]"
                disabled={change.isPending}
                onChange={() =>
                  change.mutate(
                    { kind: 'bought', ingredientId: item.ingredient.id },
                    {
                      onSuccess: () => showToast({ title: `${item.ingredient.name} is in My Bar now` }),
                      onError: fail,
                    },
                  )
                }
              />
            ) : null}
            <ItemText htmlFor={canAdd ? `${id}-${item.ingredient.id}` : undefined}>
              <span className="font-medium">{item.ingredient.name}</span>
              <span className="ml-2 text-xs text-muted">{item.ingredient.category}</span>
              {canAdd ? <span className="sr-only"> (bought)</span> : null}
              <span className="mt-0.5 block text-xs text-muted">{unlocksText(item)}</span>
            </ItemText>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-label={`Remove ${item.ingredient.name} from the list`}
              onClick={() => change.mutate({ kind: 'remove', ingredientId: item.ingredient.id }, { onError: fail })}
            >
              <XIcon aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="secondary"
          onClick={() =>
            void navigator.clipboard?.writeText(text).then(
              () => showToast({ title: 'Shopping list copied' }),
              () =>
                showToast({
                  title: 'Could not copy',
                  description: 'Your browser refused the clipboard.',
                  variant: 'error',
                }),
            )
          }
        >
          <CopyIcon aria-hidden="true" />
          Copy as text
        </Button>
        {typeof navigator.share === 'function' ? (
          <Button
            type="button"
            variant="secondary"
            onClick={() => void navigator.share({ title: 'Shopping list', text }).catch(() => undefined)}
          >
            <Share2Icon aria-hidden="true" />
            Share
          </Button>
        ) : null}
        <Button
          type="button"
          variant="ghost"
          onClick={() => change.mutate({ kind: 'clear' }, { onError: fail })}
          disabled={change.isPending}
        >
          <Trash2Icon aria-hidden="true" />
          Clear list
        </Button>
      </div>
    </div>
  );
}
