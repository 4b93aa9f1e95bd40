import { CopyPlusIcon, PencilIcon } from 'lucide-react';
import { Link } from 'react-router';
import { hrefs } from '@/client/config/paths';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { ApiError } from '@/client/lib/api-client';
import { showToast } from '@/client/lib/toast-events';
import type { OwnRecipe } from '@/shared/schemas/recipes';
import { PhotoActions } from '@/client/components/photo-actions';
import { StoredPhoto } from '@/client/components/stored-photo';
import { useOwnRecipeChange, useOwnRecipePhoto } from '../api/own-recipes';
import { DeleteRecipeDialog } from './delete-recipe-dialog';
import { OwnRecipeEditor } from './own-recipe-editor';
import { ShareControl } from './share-control';

/** The ingredients of a recipe as one short line ('Gin, Campari, Sweet vermouth'). */
function ingredientLine(recipe: OwnRecipe): string {
  return [...recipe.ingredients]
    .sort((a, b) => a.position - b.position)
    .map((line) => line.ingredient)
    .join(', ');
}

/**
 * One of the user's recipes on My Recipes: its name (opens the recipe), base spirit, strength and glass, its
 * ingredients, and Edit, Duplicate, Delete and the share switch. `canAdd` false (a free account at its limit) disables
 * Duplicate with the reason beside it.
 */
export function OwnRecipeCard({
  userId,
  recipe,
  canAdd,
  onDeleted,
}: {
  userId: string;
  recipe: OwnRecipe;
  canAdd: boolean;
  onDeleted: () => void;
}) {
  const change = useOwnRecipeChange(userId);
  const photo = useOwnRecipePhoto(userId, recipe.id);
  return (
    <article
      aria-labelledby={`own-recipe-${recipe.id}`}
      className="flex h-full flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-card"
      data-testid="own-recipe"
    >
      <div className="flex items-start gap-3">
        {recipe.photo ? (
          <StoredPhoto
            photo={recipe.photo}
            alt={recipe.name}
            sizes="80px"
            className="size-20 rounded-lg border border-border object-cover"
          />
        ) : null}
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={`own-recipe-${recipe.id}`} className="font-display text-lg leading-snug font-semibold">
            <Link
              to={hrefs.myRecipes({ recipe: recipe.id })}
              state={{ recipeFromList: true }}
              preventScrollReset
              className="rounded outline-none hover:text-accent focus-visible:outline-2 focus-visible:outline-ring"
            >
              {recipe.name}
            </Link>
          </h2>
          <ul className="flex flex-wrap gap-1.5" aria-label={`About ${recipe.name}`}>
            <li>
              <Badge variant="accent">{recipe.base_spirit}</Badge>
            </li>
            <li>
              <Badge variant="outline">
                <span className="sr-only">Strength: </span>
                {recipe.strength}
              </Badge>
            </li>
            <li>
              <Badge variant="default">
                {recipe.technique} · {recipe.glassware}
              </Badge>
            </li>
            {recipe.shareSlug ? (
              <li>
                <Badge variant="secondary">Shared</Badge>
              </li>
            ) : null}
          </ul>
          <p className="line-clamp-2 text-sm text-muted">{ingredientLine(recipe)}</p>
        </div>
      </div>
      <ShareControl userId={userId} recipe={recipe} />
      <div className="mt-auto flex flex-wrap gap-1 border-t border-border pt-2">
        <OwnRecipeEditor
          userId={userId}
          recipe={recipe}
          trigger={
            <Button variant="ghost" size="sm" aria-label={`Edit ${recipe.name}`}>
              <PencilIcon aria-hidden="true" />
              Edit
            </Button>
          }
        />
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Duplicate ${recipe.name}`}
          disabled={!canAdd || change.isPending}
          onClick={() =>
            change.mutate(
              { kind: 'copy', cocktailId: recipe.id },
              {
                onSuccess: (copy) => showToast({ title: `${copy.name} saved`, variant: 'success' }),
                onError: (error) =>
                  showToast({
                    title: 'Not duplicated',
                    description: error instanceof ApiError ? error.message : 'Try again.',
                    variant: 'error',
                  }),
              },
            )
          }
        >
          <CopyPlusIcon aria-hidden="true" />
          Duplicate
        </Button>
        <PhotoActions
          name={recipe.name}
          hasPhoto={recipe.photo !== null}
          upload={photo.upload}
          remove={{ isPending: photo.remove.isPending, mutateAsync: () => photo.remove.mutateAsync() }}
        />
        <DeleteRecipeDialog userId={userId} recipe={recipe} onDeleted={onDeleted} />
      </div>
    </article>
  );
}
