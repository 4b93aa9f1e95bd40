import { ArrowRightLeftIcon, CheckIcon, PackagePlusIcon, PlusIcon, XIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { NativeSelect } from '@/client/components/ui/native-select';
import { ApiError } from '@/client/lib/api-client';
import { showToast, withToaster } from '@/client/lib/toast-events';
import { cn } from '@/client/lib/utils';
import { BAR_SHELVES, STARTER_SETS } from '@/shared/domain/my-bar-sets';
import type { IngredientSummary } from '@/shared/schemas/ingredient';
import type { BarItem } from '@/shared/schemas/my-bar';
import { useSwaps } from '../api/my-bar-api';
import { useChangeBar, useChangeSwap, type BarChange } from '../api/my-bar-writes';
import { IngredientSearch } from '@/client/components/ingredient-search';
import { useCanAdd } from '../hooks/use-can-add';

/** A short message for a failed write. */
export function writeFailure(error: unknown): string {
  if (error instanceof ApiError && error.code === 'NETWORK_ERROR')
    return 'You seem to be offline. Nothing was changed.';
  if (error instanceof ApiError) return `${error.message} Nothing was changed.`;
  return 'That did not work. Nothing was changed.';
}

/**
 * The user's bottles: add by type-ahead, by shelf or by starter set; remove with one tap (and Undo); mark house-made
 * syrups as made; and the swaps the user accepts ('I use rye for bourbon'). For a lapsed plan (useCanAdd) only the
 * bottles and swaps with their remove buttons.
 */
export function BottlesPanel({
  userId,
  bar,
  ingredients,
}: {
  userId: string;
  bar: readonly BarItem[];
  ingredients: readonly IngredientSummary[];
}) {
  const canAdd = useCanAdd();
  const change = useChangeBar(userId);
  const owned = useMemo(() => new Set(bar.map((item) => item.id)), [bar]);
  const [shelf, setShelf] = useState<string>(BAR_SHELVES[0]?.key ?? 'spirits');
  const bySlug = useMemo(() => new Map(ingredients.map((i) => [i.slug, i])), [ingredients]);

  function run(next: BarChange, done?: string, undo?: BarChange) {
    change.mutate(next, {
      onSuccess: () => {
        if (!done) return;
        withToaster((toast) =>
          toast(done, undo ? { action: { label: 'Undo', onClick: () => change.mutate(undo) } } : undefined),
        );
      },
      onError: (error) =>
        showToast({ title: 'My Bar was not changed', description: writeFailure(error), variant: 'error' }),
    });
  }

  const add = (item: IngredientSummary) =>
    run({ kind: 'add', ingredientId: item.id, ingredient: item }, `${item.name} added to My Bar`);
  // Undo adds the bottle back, which a lapsed plan cannot do.
  const remove = (item: { id: number; name: string }) =>
    run(
      { kind: 'remove', ingredientId: item.id },
      `${item.name} removed`,
      canAdd ? { kind: 'add', ingredientId: item.id } : undefined,
    );

  const current = BAR_SHELVES.find((s) => s.key === shelf);
  const shelfItems = ingredients.filter(
    (i) => current?.categories.includes(i.category) || current?.slugs?.includes(i.slug),
  );
  const houseMade = ingredients.filter((i) => i.parts.length > 0);
  const grouped = BAR_SHELVES.map((s) => ({
    shelf: s,
    items: bar.filter((item) => s.categories.includes(item.category)),
  })).filter((group) => group.items.length > 0);

  return (
    <div className="flex flex-col gap-6">
      {canAdd ? (
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Add bottles</h2>
            </CardTitle>
            <CardDescription>
              Type a name, browse a shelf or start from a set. A generic bottle counts too: “Whiskey” works for any
              recipe that says whiskey.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            <IngredientSearch
              label="Add a bottle"
              placeholder="Gin, Campari, club soda…"
              items={ingredients}
              owned={owned}
              onPick={add}
            />
            <div>
              <h3 className="mb-2 text-sm font-medium">Starter sets</h3>
              <ul className="grid gap-2 sm:grid-cols-2">
                {STARTER_SETS.map((set) => {
                  const ids = set.slugs
                    .map((slug) => bySlug.get(slug)?.id)
                    .filter((id): id is number => id !== undefined);
                  const missing = ids.filter((id) => !owned.has(id));
                  return (
                    <li
                      key={set.key}
                      className="flex items-center justify-between gap-3 rounded-lg border border-border p-3"
                    >
                      <span className="min-w-0">
                        <span className="block text-sm font-medium">{set.label}</span>
                        <span className="block text-xs text-muted">{set.description}</span>
                      </span>
                      <Button
                        type="button"
                        size="sm"
                        variant={missing.length ? 'secondary' : 'ghost'}
                        disabled={missing.length === 0 || change.isPending}
                        onClick={() =>
                          run({ kind: 'add-many', ingredientIds: missing }, `${set.label}: ${missing.length} added`)
                        }
                      >
                        {missing.length ? <PackagePlusIcon aria-hidden="true" /> : <CheckIcon aria-hidden="true" />}
                        {missing.length ? `Add ${missing.length}` : 'All in'}
                        <span className="sr-only">{missing.length ? ` bottles: ${set.label}` : `: ${set.label}`}</span>
                      </Button>
                    </li>
                  );
                })}
              </ul>
            </div>
            <div>
              <h3 className="mb-2 text-sm font-medium" id="shelf-heading">
                Browse a shelf
              </h3>
              <div className="flex flex-wrap gap-1.5" role="group" aria-labelledby="shelf-heading">
                {BAR_SHELVES.map((s) => (
                  <button
                    key={s.key}
                    type="button"
                    aria-pressed={shelf === s.key}
                    onClick={() => setShelf(s.key)}
                    className={cn(
                      'h-8 rounded-full border px-3 text-xs font-medium transition-colors outline-none focus-visible:outline-2 focus-visible:outline-ring',
                      shelf === s.key
                        ? 'border-accent bg-accent text-accent-foreground'
                        : 'border-border-strong bg-surface text-muted hover:text-foreground',
                    )}
                  >
                    {s.label}
                  </button>
                ))}
              </div>
              <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Shelf">
                {shelfItems.map((item) => {
                  const has = owned.has(item.id);
                  return (
                    <li key={item.id}>
                      <button
                        type="button"
                        aria-pressed={has}
                        onClick={() => (has ? remove(item) : add(item))}
                        className={cn(
                          'inline-flex h-8 items-center gap-1 rounded-lg border px-2.5 text-sm transition-colors outline-none focus-visible:outline-2 focus-visible:outline-ring',
                          has
                            ? 'border-accent/70 bg-accent-soft text-foreground'
                            : 'border-border bg-surface-2/50 text-muted hover:text-foreground',
                        )}
                      >
                        {has ? <CheckIcon className="size-3.5 text-accent" aria-hidden="true" /> : null}
                        {item.name}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </div>
          </CardContent>
        </Card>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>
              My bottles <span className="text-muted">({bar.length})</span>
            </h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {bar.length === 0 ? (
            <p className="text-sm text-muted">
              {canAdd ? 'Nothing yet: add what you have above, or tap a starter set.' : 'No bottles.'}
            </p>
          ) : (
            grouped.map(({ shelf: s, items }) => (
              <section key={s.key} aria-label={s.label}>
                <h3 className="mb-1.5 text-xs font-semibold tracking-wide text-muted uppercase">{s.label}</h3>
                <ul className="flex flex-wrap gap-1.5">
                  {items.map((item) => (
                    <li
                      key={item.id}
                      className="inline-flex h-8 items-center gap-1 rounded-lg border border-border bg-surface-2 pr-1 pl-2.5 text-sm"
                    >
                      {item.name}
                      {item.houseMade ? <span className="text-xs text-muted">· made</span> : null}
                      <button
                        type="button"
                        aria-label={`Remove ${item.name}`}
                        onClick={() => remove(item)}
                        className="grid size-6 place-items-center rounded-md text-muted outline-none hover:bg-surface-3 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                      >
                        <XIcon className="size-3.5" aria-hidden="true" />
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ))
          )}
        </CardContent>
      </Card>

      {canAdd ? (
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>House-made</h2>
            </CardTitle>
            <CardDescription>
              A syrup counts on its own when you have what it is made from; mark one as made when you have a bottle
              ready.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2 sm:grid-cols-2">
              {houseMade.map((item) => {
                const has = owned.has(item.id);
                const parts = item.parts.map((id) => ingredients.find((i) => i.id === id)?.name ?? '').filter(Boolean);
                const partsInStock = item.parts.every(
                  (id) => owned.has(id) || /^water$/i.test(ingredients.find((i) => i.id === id)?.name ?? ''),
                );
                return (
                  <li
                    key={item.id}
                    className="flex items-center justify-between gap-3 rounded-lg border border-border p-3"
                  >
                    <span className="min-w-0">
                      <span className="block text-sm font-medium">{item.name}</span>
                      <span className="block text-xs text-muted">
                        {parts.join(' + ')}
                        {partsInStock && !has ? ' · you have the parts' : ''}
                      </span>
                    </span>
                    <Button
                      type="button"
                      size="sm"
                      variant={has ? 'ghost' : 'secondary'}
                      aria-pressed={has}
                      onClick={() => (has ? remove(item) : add(item))}
                    >
                      {has ? <CheckIcon aria-hidden="true" /> : <PlusIcon aria-hidden="true" />}
                      {has ? 'Made' : 'Mark as made'}
                    </Button>
                  </li>
                );
              })}
            </ul>
          </CardContent>
        </Card>
      ) : null}

      <SwapsCard userId={userId} ingredients={ingredients} canAdd={canAdd} />
    </div>
  );
}

/** The user's swaps: 'I use … for …', which count in every view; the form adds one when `canAdd`. */
function SwapsCard({
  userId,
  ingredients,
  canAdd,
}: {
  userId: string;
  ingredients: readonly IngredientSummary[];
  canAdd: boolean;
}) {
  const id = useId();
  const swaps = useSwaps(userId);
  const change = useChangeSwap(userId);
  const [fromId, setFromId] = useState('');
  const [toId, setToId] = useState('');
  const sorted = [...ingredients].sort((a, b) => a.name.localeCompare(b.name));
  const ready = fromId !== '' && toId !== '' && fromId !== toId;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>My swaps</h2>
        </CardTitle>
        <CardDescription>Tell My Bar what you happily use instead, and it counts everywhere.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {swaps.data?.items.length ? (
          <ul className="flex flex-col gap-1.5">
            {swaps.data.items.map((swap) => (
              <li
                key={`${swap.from.id}-${swap.to.id}`}
                className="flex items-center justify-between gap-3 rounded-lg border border-border px-3 py-2 text-sm"
              >
                <span>
                  I use <strong>{swap.to.name}</strong> for <strong>{swap.from.name}</strong>
                </span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove the swap ${swap.to.name} for ${swap.from.name}`}
                  onClick={() => change.mutate({ fromId: swap.from.id, toId: swap.to.id, remove: true })}
                >
                  <XIcon aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">No swaps yet.</p>
        )}
        {canAdd ? (
          <form
            className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end"
            onSubmit={(event) => {
              event.preventDefault();
              if (!ready) return;
              change.mutate(
                { fromId: Number(fromId), toId: Number(toId) },
                {
                  onSuccess: () => {
                    setFromId('');
                    setToId('');
                  },
                  onError: (error) =>
                    showToast({ title: 'The swap was not saved', description: writeFailure(error), variant: 'error' }),
                },
              );
            }}
          >
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-to`} className="text-sm font-medium">
                I use
              </label>
              <IngredientSelect id={`${id}-to`} value={toId} onValue={setToId} items={sorted} />
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-from`} className="text-sm font-medium">
                for
              </label>
              <IngredientSelect id={`${id}-from`} value={fromId} onValue={setFromId} items={sorted} />
            </div>
            <Button type="submit" variant="secondary" disabled={!ready || change.isPending}>
              <ArrowRightLeftIcon aria-hidden="true" />
              Add swap
            </Button>
          </form>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** A native select over the catalogue's ingredients ('Choose…' first), for the swaps form. */
function IngredientSelect({
  id,
  value,
  onValue,
  items,
}: {
  id: string;
  value: string;
  onValue: (value: string) => void;
  items: readonly IngredientSummary[];
}) {
  return (
    <NativeSelect id={id} value={value} onChange={(event) => onValue(event.target.value)}>
      <option value="">Choose…</option>
      {items.map((i) => (
        <option key={i.id} value={i.id}>
          {i.name}
        </option>
      ))}
    </NativeSelect>
  );
}
