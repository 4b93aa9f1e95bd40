import { LapsedPlanNote } from '@/client/components/lapsed-plan-note';
import { DownloadIcon, FolderHeartIcon, LockIcon, PlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { hrefs, paths } from '@/client/config/paths';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Skeleton } from '@/client/components/ui/skeleton';
import { LoadFailed } from '@/client/components/load-failed';
import { ApiError } from '@/client/lib/api-client';
import { showToast } from '@/client/lib/toast-events';
import { MAX_COLLECTION_NAME } from '@/shared/schemas/collections';
import { useChangeCollection, useCollections } from '../api/collections';

/** The link of one collection's page. */
export function collectionPath(id: number): string {
  return paths.collection.replace(':id', String(id));
}

/**
 * /collections: the user's collections (newest change first), a form to start one, and the export of everything they
 * wrote (JSON or Markdown). Without the plan, the collections stay readable and exportable, and creating shows the lock;
 * a `lapsed` plan adds a note saying so.
 */
export function CollectionsPage({
  userId,
  canWrite,
  lapsed = false,
}: {
  userId: string;
  canWrite: boolean;
  /** The plan ended: the collections show under a note linking to /upgrade. */
  lapsed?: boolean;
}) {
  const id = useId();
  const collections = useCollections(userId);
  const change = useChangeCollection(userId);
  const [name, setName] = useState('');

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6" data-testid="collections-page">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">Your lists</p>
          <h1 className="font-display text-3xl font-semibold tracking-[-0.02em] md:text-4xl">Collections</h1>
        </div>
        <div className="flex gap-2">
          <Button asChild variant="ghost" size="sm">
            <a href="/api/me/export?format=json" download>
              <DownloadIcon aria-hidden="true" />
              Backup (.zip)
            </a>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <a href="/api/me/export?format=md" download>
              <DownloadIcon aria-hidden="true" />
              Export Markdown
            </a>
          </Button>
        </div>
      </header>
      {lapsed ? <LapsedPlanNote what="Your collections, notes and ratings" /> : null}
      {canWrite ? (
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const trimmed = name.trim();
            if (!trimmed) return;
            change.mutate(
              { kind: 'create', body: { name: trimmed, description: '', cocktailIds: [] } },
              {
                onSuccess: () => setName(''),
                onError: (error) =>
                  showToast({
                    title: 'Not created',
                    description: error instanceof ApiError ? error.message : 'Try again.',
                    variant: 'error',
                  }),
              },
            );
          }}
        >
          <div className="flex flex-1 flex-col gap-1.5">
            <label htmlFor={`${id}-name`} className="text-sm font-medium">
              New collection
            </label>
            <Input
              id={`${id}-name`}
              value={name}
              maxLength={MAX_COLLECTION_NAME}
              placeholder="Date night, Summer aperitivo…"
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <Button type="submit" disabled={!name.trim() || change.isPending}>
            <PlusIcon aria-hidden="true" />
            Create
          </Button>
        </form>
      ) : (
        <Button asChild variant="secondary" className="self-start">
          <Link to={hrefs.upgrade({ from: paths.collections })}>
            <LockIcon aria-hidden="true" />
            New collections come with Pro
          </Link>
        </Button>
      )}
      {collections.isPending ? (
        <Skeleton className="h-40 w-full rounded-xl" />
      ) : collections.isError ? (
        <LoadFailed
          variant="banner"
          message="Your collections could not be loaded."
          onRetry={() => void collections.refetch()}
          retrying={collections.isFetching}
        />
      ) : collections.data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border-strong p-6 text-sm text-muted">
          No collections yet. Start one here, or from any recipe with “Add to collection”.
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Collections">
          {collections.data.items.map((collection) => (
            <li key={collection.id}>
              <Link
                to={collectionPath(collection.id)}
                className="flex h-full flex-col gap-1 rounded-xl border border-border bg-surface p-4 shadow-card outline-none hover:border-border-strong focus-visible:outline-2 focus-visible:outline-ring"
              >
                <span className="flex items-center gap-2 font-display text-lg font-semibold">
                  <FolderHeartIcon className="size-4 text-accent" aria-hidden="true" />
                  {collection.name}
                </span>
                {collection.description ? (
                  <span className="line-clamp-2 text-sm text-muted">{collection.description}</span>
                ) : null}
                <span className="mt-auto text-xs text-muted">
                  {collection.itemCount} {collection.itemCount === 1 ? 'cocktail' : 'cocktails'}
                  {collection.shareSlug ? ' · shared' : ''}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
