import { LapsedPlanNote } from '@/client/components/lapsed-plan-note';
import { ArrowDownIcon, ArrowLeftIcon, ArrowUpIcon, GripVerticalIcon, LinkIcon, Trash2Icon, XIcon } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { Link, useNavigate, type To } from 'react-router';
import { paths } from '@/client/config/paths';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Skeleton } from '@/client/components/ui/skeleton';
import { LoadFailed } from '@/client/components/load-failed';
import { ApiError } from '@/client/lib/api-client';
import { showToast, withToaster } from '@/client/lib/toast-events';
import { cn } from '@/client/lib/utils';
import { MAX_COLLECTION_DESCRIPTION, MAX_COLLECTION_NAME, type CollectionDetail } from '@/shared/schemas/collections';
import { useChangeCollection, useCollection, type CollectionChange } from '../api/collections';

/** How long a deleted collection can be brought back before it is deleted on the server, ms. */
export const DELETE_UNDO_MS = 5000;

/** The public address of a shared collection. */
export function sharedCollectionUrl(slug: string): string {
  return `${window.location.origin}${paths.sharedCollection.replace(':slug', slug)}`;
}

/** `ids` with the item at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

/**
 * One collection: rename and describe it, put its cocktails in order (drag, or the move buttons and Alt+Arrow keys on a
 * row), remove cocktails, share it as a read-only link (turning sharing off makes the link answer 404), and delete it
 * (with Undo for a few seconds). `recipeTo` opens a recipe. Without the plan everything is readable, deleting and turning
 * sharing off still work, and other changes are refused by the server (the controls say so); a `lapsed` plan adds a
 * note linking to /upgrade.
 */
export function CollectionPage({
  userId,
  id,
  canWrite,
  lapsed = false,
  recipeTo,
}: {
  userId: string;
  id: number;
  canWrite: boolean;
  /** The plan ended: the collection shows under a note linking to /upgrade. */
  lapsed?: boolean;
  recipeTo: (cocktailId: number) => To;
}) {
  const collection = useCollection(userId, id);
  if (collection.isPending) return <Skeleton className="mx-auto h-64 w-full max-w-3xl rounded-xl" />;
  if (collection.isError) {
    const gone = collection.error instanceof ApiError && collection.error.status === 404;
    return (
      <div className="mx-auto max-w-3xl">
        <LoadFailed
          variant="banner"
          message={gone ? 'This collection does not exist (any more).' : 'This collection could not be loaded.'}
          onRetry={() => void collection.refetch()}
          retrying={collection.isFetching}
        />
      </div>
    );
  }
  return (
    <>
      {lapsed ? (
        <div className="mx-auto mb-6 max-w-3xl">
          <LapsedPlanNote what="Your collections, notes and ratings" />
        </div>
      ) : null}
      <CollectionEditor userId={userId} detail={collection.data} canWrite={canWrite} recipeTo={recipeTo} />
    </>
  );
}

function CollectionEditor({
  userId,
  detail,
  canWrite,
  recipeTo,
}: {
  userId: string;
  detail: CollectionDetail;
  canWrite: boolean;
  recipeTo: (cocktailId: number) => To;
}) {
  const formId = useId();
  const navigate = useNavigate();
  const change = useChangeCollection(userId);
  const [name, setName] = useState(detail.name);
  const [description, setDescription] = useState(detail.description);
  const [dragging, setDragging] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');
  /** The sharing switch's state while the server has not answered yet (null: show the server's). */
  const [sharing, setSharing] = useState<boolean | null>(null);
  const items = detail.items;

  function run(next: CollectionChange, done?: string) {
    change.mutate(next, {
      onSuccess: () => (done ? showToast({ title: done }) : undefined),
      onError: (error) =>
        showToast({
          title: 'Not changed',
          description: error instanceof ApiError ? error.message : 'Try again.',
          variant: 'error',
        }),
    });
  }

  function move(from: number, to: number) {
    if (to < 0 || to >= items.length || from === to) return;
    const order = moveItem(
      items.map((c) => c.id),
      from,
      to,
    );
    run({ kind: 'order', id: detail.id, cocktailIds: order });
    setAnnounce(`${items[from]?.name} moved to position ${to + 1} of ${items.length}`);
  }

  function remove() {
    let undone = false;
    withToaster((toast) =>
      toast(`${detail.name} deleted`, {
        action: {
          label: 'Undo',
          onClick: () => {
            undone = true;
          },
        },
        duration: DELETE_UNDO_MS,
      }),
    );
    void navigate(paths.collections);
    window.setTimeout(() => {
      if (!undone) run({ kind: 'delete', id: detail.id });
    }, DELETE_UNDO_MS);
  }

  const shared = detail.shareSlug !== null;
  const showLink = (sharing ?? shared) && detail.shareSlug !== null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6" data-testid="collection-page">
      <Button asChild variant="ghost" size="sm" className="-ml-2 self-start text-muted">
        <Link to={paths.collections}>
          <ArrowLeftIcon aria-hidden="true" />
          Collections
        </Link>
      </Button>
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          run({ kind: 'update', id: detail.id, body: { name, description } }, 'Saved');
        }}
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${formId}-name`} className="text-sm font-medium">
            Name
          </label>
          <Input
            id={`${formId}-name`}
            value={name}
            readOnly={!canWrite}
            maxLength={MAX_COLLECTION_NAME}
            onChange={(event) => setName(event.target.value)}
            className="font-display text-xl font-semibold md:text-xl"
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${formId}-description`} className="text-sm font-medium">
            Description
          </label>
          <textarea
            id={`${formId}-description`}
            value={description}
            readOnly={!canWrite}
            maxLength={MAX_COLLECTION_DESCRIPTION}
            rows={2}
            onChange={(event) => setDescription(event.target.value)}
            className="rounded-lg border border-border-strong bg-surface-2 px-3 py-2 text-base outline-none focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-ring/70 md:text-sm"
          />
        </div>
        {canWrite ? (
          <Button
            type="submit"
            size="sm"
            className="self-start"
            disabled={!name.trim() || (name === detail.name && description === detail.description)}
          >
            Save changes
          </Button>
        ) : null}
      </form>

      <section className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4" aria-label="Sharing">
        <label className="flex items-center gap-3 text-sm font-medium">
          <input
            type="checkbox"
            className="size-4 accent-[var(--color-accent)]"
            checked={sharing ?? shared}
            // Turning sharing off is open without the plan (a lapsed owner can still take a link down); on needs it.
            disabled={(!canWrite && !(sharing ?? shared)) || change.isPending}
            onChange={(event) => {
              const on = event.target.checked;
              setSharing(on);
              change.mutate(
                { kind: 'update', id: detail.id, body: { shared: on } },
                {
                  onSuccess: () =>
                    showToast({
                      title: on
                        ? 'Sharing on: anyone with the link can read it'
                        : 'Sharing off: the link no longer opens',
                    }),
                  onError: (error) =>
                    showToast({
                      title: 'Not changed',
                      description: error instanceof ApiError ? error.message : 'Try again.',
                      variant: 'error',
                    }),
                  onSettled: () => setSharing(null),
                },
              );
            }}
          />
          Share as a read-only link
        </label>
        {showLink && detail.shareSlug ? (
          <div className="flex flex-wrap items-center gap-2">
            <Input
              readOnly
              aria-label="Share link"
              value={sharedCollectionUrl(detail.shareSlug)}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1"
            />
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(sharedCollectionUrl(detail.shareSlug as string))
                  .then(() => showToast({ title: 'Link copied' }))
                  .catch(() => undefined)
              }
            >
              <LinkIcon aria-hidden="true" />
              Copy link
            </Button>
          </div>
        ) : null}
      </section>

      <section aria-labelledby={`${formId}-items`} className="flex flex-col gap-2">
        <h2 id={`${formId}-items`} className="text-sm font-semibold">
          {items.length} {items.length === 1 ? 'cocktail' : 'cocktails'}
          {canWrite && items.length > 1 ? (
            <span className="ml-2 font-normal text-muted">Drag, or use Alt+↑ / Alt+↓ on a row, to reorder.</span>
          ) : null}
        </h2>
        <p className="sr-only" role="status" aria-live="polite">
          {announce}
        </p>
        {items.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border-strong p-6 text-sm text-muted">
            Empty for now: add cocktails from any recipe with “Add to collection”.
          </p>
        ) : (
          <ol className="flex flex-col gap-2" aria-label="Cocktails in order">
            {items.map((cocktail, index) => (
              <li
                key={cocktail.id}
                draggable={canWrite}
                onDragStart={() => setDragging(index)}
                onDragOver={(event: DragEvent) => event.preventDefault()}
                onDrop={() => {
                  if (dragging !== null) move(dragging, index);
                  setDragging(null);
                }}
                onKeyDown={(event) => {
                  if (!canWrite || !event.altKey) return;
                  if (event.key === 'ArrowUp') {
                    event.preventDefault();
                    move(index, index - 1);
                  } else if (event.key === 'ArrowDown') {
                    event.preventDefault();
                    move(index, index + 1);
                  }
                }}
                className={cn(
                  'flex items-center gap-2 rounded-lg border border-border bg-surface px-2 py-2',
                  dragging === index && 'opacity-50',
                )}
                data-testid="collection-item"
              >
                {canWrite ? (
                  <GripVerticalIcon className="size-4 shrink-0 cursor-grab text-subtle" aria-hidden="true" />
                ) : null}
                <span className="w-6 text-right text-xs text-muted tabular-nums">{index + 1}</span>
                <Link
                  to={recipeTo(cocktail.id)}
                  state={{ recipeFromList: true }}
                  className="min-w-0 flex-1 truncate font-medium outline-none hover:text-accent focus-visible:underline"
                >
                  {cocktail.name}
                </Link>
                <span className="hidden text-xs text-muted sm:inline">{cocktail.base_spirit}</span>
                {canWrite ? (
                  <span className="flex shrink-0 gap-0.5">
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-8"
                      aria-label={`Move ${cocktail.name} up`}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      <ArrowUpIcon aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-8"
                      aria-label={`Move ${cocktail.name} down`}
                      disabled={index === items.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      <ArrowDownIcon aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-8"
                      aria-label={`Remove ${cocktail.name}`}
                      onClick={() => run({ kind: 'remove', id: detail.id, cocktailId: cocktail.id })}
                    >
                      <XIcon aria-hidden="true" />
                    </Button>
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>

      <Button type="button" variant="ghost" className="self-start text-danger-text" onClick={remove}>
        <Trash2Icon aria-hidden="true" />
        Delete collection
      </Button>
    </div>
  );
}
