import { useParams } from 'react-router';
import { Skeleton } from '@/client/components/ui/skeleton';
import { LoadFailed } from '@/client/components/load-failed';
import { CocktailGrid } from '@/client/features/catalogue/components/cocktail-grid';
import { RecipeModalHost } from '@/client/features/catalogue/components/recipe-modal-host';
import { useSharedCollection } from '@/client/features/collections/api/collections';
import { ApiError } from '@/client/lib/api-client';
import { useDocumentTitle } from '@/client/lib/use-document-title';

/**
 * Route module of `/shared/:slug`: a collection its owner shares, read-only, for anyone (after the age gate, as
 * every page). A link whose sharing was turned off says so, like an unknown one.
 */
export function Component() {
  const slug = useParams().slug ?? '';
  const shared = useSharedCollection(slug);
  // As the server's head names it: 'Fridays · cocktail collection · Barback'.
  useDocumentTitle(shared.data ? `${shared.data.name} · cocktail collection` : 'Shared collection');
  if (shared.isPending) return <Skeleton className="mx-auto h-64 w-full max-w-5xl rounded-xl" />;
  if (shared.isError) {
    const gone = shared.error instanceof ApiError && shared.error.status === 404;
    return (
      <div className="mx-auto max-w-3xl" data-testid="shared-collection-missing">
        <LoadFailed
          variant="banner"
          message={gone ? 'This collection is not shared (any more).' : 'This collection could not be loaded.'}
          onRetry={() => void shared.refetch()}
          retrying={shared.isFetching}
        />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6" data-testid="shared-collection">
      <header>
        <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">A shared collection</p>
        <h1 className="font-display text-3xl font-semibold tracking-[-0.02em] md:text-4xl">{shared.data.name}</h1>
        {shared.data.description ? <p className="mt-2 max-w-2xl text-muted">{shared.data.description}</p> : null}
      </header>
      <CocktailGrid items={shared.data.items} label="Cocktails" />
      <RecipeModalHost />
    </div>
  );
}
