import { BookmarkPlusIcon, LockIcon, PlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { hrefs } from '@/client/config/paths';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/client/components/ui/dropdown-menu';
import { Input } from '@/client/components/ui/input';
import { ApiError } from '@/client/lib/api-client';
import { showToast } from '@/client/lib/toast-events';
import { MAX_COLLECTION_NAME } from '@/shared/schemas/collections';
import { useChangeCollection, useCollections } from '../api/collections';

/** A failed write, in words. */
function failure(error: unknown): string {
  return error instanceof ApiError ? error.message : 'That did not work. Nothing was changed.';
}

/**
 * 'Add to collection' for one cocktail: a menu of the user's collections (checked where it already is; choosing one adds
 * or removes it) and 'New collection…', which asks for a name in a dialog and creates it with this cocktail. Without the
 * plan it is a lock that leads to /upgrade.
 */
export function AddToCollection({
  userId,
  cocktail,
  canWrite,
  compact = false,
}: {
  userId: string;
  cocktail: { id: number; name: string };
  canWrite: boolean;
  /** An icon-only button (on a card), named 'Add {cocktail} to a collection' for screen readers. */
  compact?: boolean;
}) {
  const id = useId();
  const collections = useCollections(canWrite ? userId : null, cocktail.id);
  const change = useChangeCollection(userId);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');

  if (!canWrite) {
    return (
      <Button asChild variant="secondary" size="sm">
        <Link to={hrefs.upgrade({ from: window.location.pathname })}>
          <LockIcon aria-hidden="true" />
          Collections come with Pro
        </Link>
      </Button>
    );
  }

  function toggle(collectionId: number, label: string, contains: boolean) {
    change.mutate(
      { kind: contains ? 'remove' : 'add', id: collectionId, cocktailId: cocktail.id },
      {
        onSuccess: () =>
          showToast({ title: contains ? `Removed from ${label}` : `${cocktail.name} added to ${label}` }),
        onError: (error) => showToast({ title: 'Not changed', description: failure(error), variant: 'error' }),
      },
    );
  }

  function create() {
    const trimmed = name.trim();
    if (!trimmed) return;
    change.mutate(
      { kind: 'create', body: { name: trimmed, description: '', cocktailIds: [cocktail.id] } },
      {
        onSuccess: () => {
          setNaming(false);
          setName('');
          showToast({ title: `${trimmed} created with ${cocktail.name}` });
        },
        onError: (error) => showToast({ title: 'Not created', description: failure(error), variant: 'error' }),
      },
    );
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          {compact ? (
            <Button
              variant="secondary"
              size="icon"
              className="size-9 rounded-full bg-background/70 backdrop-blur"
              aria-label={`Add ${cocktail.name} to a collection`}
            >
              <BookmarkPlusIcon aria-hidden="true" />
            </Button>
          ) : (
            <Button variant="secondary" size="sm">
              <BookmarkPlusIcon aria-hidden="true" />
              Add to collection
            </Button>
          )}
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-64">
          <DropdownMenuLabel>Your collections</DropdownMenuLabel>
          {collections.data?.items.map((collection) => (
            <DropdownMenuCheckboxItem
              key={collection.id}
              checked={collection.contains}
              onSelect={() => toggle(collection.id, collection.name, collection.contains)}
            >
              <span className="truncate">{collection.name}</span>
              <span className="ml-auto pl-2 text-xs text-muted">{collection.itemCount}</span>
            </DropdownMenuCheckboxItem>
          ))}
          {collections.data?.items.length ? <DropdownMenuSeparator /> : null}
          <DropdownMenuItem onSelect={() => setNaming(true)}>
            <PlusIcon aria-hidden="true" />
            New collection…
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog open={naming} onOpenChange={setNaming}>
        <DialogContent className="sm:max-w-md">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              create();
            }}
            className="flex flex-col gap-4"
          >
            <DialogHeader>
              <DialogTitle>New collection</DialogTitle>
              <DialogDescription>It starts with {cocktail.name}.</DialogDescription>
            </DialogHeader>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-name`} className="text-sm font-medium">
                Name
              </label>
              <Input
                id={`${id}-name`}
                value={name}
                maxLength={MAX_COLLECTION_NAME}
                placeholder="Summer aperitivo"
                onChange={(event) => setName(event.target.value)}
                autoFocus
              />
            </div>
            <DialogFooter>
              <Button type="button" variant="ghost" onClick={() => setNaming(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={!name.trim() || change.isPending}>
                Create
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
