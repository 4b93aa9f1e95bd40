import { BookOpenTextIcon, FileUpIcon, LockIcon, PlusIcon } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '@/client/components/load-failed';
import { hrefs, paths } from '@/client/config/paths';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useOwnRecipes } from '../api/own-recipes';
import { OwnRecipeCard } from './own-recipe-card';
import { OwnRecipeEditor } from './own-recipe-editor';

/** '3 of 10 recipes' on a free plan, '12 recipes' without a limit. */
function countText(count: number, limit: number | null): string {
  const noun = count === 1 && limit === null ? 'recipe' : 'recipes';
  return limit === null ? `${count} ${noun}` : `${count} of ${limit} recipes`;
}

/**
 * /my-recipes: the user's own recipes by name, with New recipe (the shared recipe editor), Import, and per recipe Edit,
 * Duplicate, Delete and its share link. A free account at its limit (docs/recipes.md) sees why New and Duplicate are
 * off and a way to Pro; everything it wrote stays editable. `renderRecipeDialog` draws the recipe dialog a card opens
 * (`?recipe=<id>`): the app gives the catalogue's.
 */
export function MyRecipesPage({ userId, recipeDialog }: { userId: string; recipeDialog?: ReactNode }) {
  const recipes = useOwnRecipes(userId);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = recipes.data;
  const atLimit = list !== undefined && list.limit !== null && list.items.length >= list.limit;
  const newButton = (
    <Button disabled={atLimit}>
      <PlusIcon aria-hidden="true" />
      New recipe
    </Button>
  );
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6" data-testid="my-recipes-page">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">Your book</p>
          <h1
            ref={heading}
            tabIndex={-1}
            className="font-display text-3xl font-semibold tracking-[-0.02em] outline-none md:text-4xl"
          >
            My Recipes
          </h1>
          {list ? <p className="mt-1 text-sm text-muted">{countText(list.items.length, list.limit)}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="secondary">
            <Link to={paths.recipeImport}>
              <FileUpIcon aria-hidden="true" />
              Import
            </Link>
          </Button>
          {atLimit ? newButton : <OwnRecipeEditor userId={userId} recipe={null} trigger={newButton} />}
        </div>
      </header>
      {atLimit && list?.limit ? (
        <div className="flex flex-col gap-3 rounded-xl border border-accent/40 bg-accent-soft p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm">
            Free accounts keep {list.limit} recipes of their own, and you have {list.items.length}. Pro keeps any
            number; nothing you wrote is taken away.
          </p>
          <Button asChild size="sm" className="self-start sm:self-auto">
            <Link to={hrefs.upgrade({ from: paths.myRecipes })}>
              <LockIcon aria-hidden="true" />
              Unlimited recipes with Pro
            </Link>
          </Button>
        </div>
      ) : null}
      {recipes.isPending ? (
        <div className="grid gap-3 sm:grid-cols-2" aria-busy="true" aria-label="Loading your recipes">
          <Skeleton className="h-56 w-full rounded-xl" />
          <Skeleton className="h-56 w-full rounded-xl" />
        </div>
      ) : recipes.isError ? (
        <LoadFailed
          variant="banner"
          message="Your recipes could not be loaded."
          onRetry={() => void recipes.refetch()}
          retrying={recipes.isFetching}
        />
      ) : recipes.data.items.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-border-strong p-6">
          <BookOpenTextIcon aria-hidden="true" className="size-6 text-accent" />
          <p className="font-medium">No recipes of your own yet.</p>
          <p className="text-sm text-muted">
            Write your house spec, bring in the ones you keep elsewhere with Import, or open any cocktail and choose
            “Make it my own”.
          </p>
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Your recipes">
          {recipes.data.items.map((recipe) => (
            <li key={recipe.id}>
              <OwnRecipeCard
                userId={userId}
                recipe={recipe}
                canAdd={!atLimit}
                onDeleted={() => heading.current?.focus()}
              />
            </li>
          ))}
        </ul>
      )}
      {recipeDialog}
    </div>
  );
}
