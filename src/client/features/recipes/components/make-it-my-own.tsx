import { CopyPlusIcon, PencilIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { hrefs } from '@/client/config/paths';
import { Button } from '@/client/components/ui/button';
import { ApiError } from '@/client/lib/api-client';
import { showToast } from '@/client/lib/toast-events';
import { useOwnRecipeChange, useOwnRecipes } from '../api/own-recipes';
import { OwnRecipeEditor } from './own-recipe-editor';

/**
 * Under a recipe, for a signed-in user: on a catalogue cocktail 'Make it my own' (a copy named '<name> (my version)',
 * opened on My Recipes to edit); on one of their own recipes Edit and Duplicate. A free account at its limit hears why
 * the copy was refused.
 */
export function MakeItMyOwn({ userId, cocktail }: { userId: string; cocktail: { id: number; name: string } }) {
  const own = useOwnRecipes(userId);
  const change = useOwnRecipeChange(userId);
  const navigate = useNavigate();
  const mine = own.data?.items.find((recipe) => recipe.id === cocktail.id);
  const copy = () =>
    change.mutate(
      { kind: 'copy', cocktailId: cocktail.id },
      {
        onSuccess: (saved) => {
          showToast({ title: `Saved to My Recipes as ${saved.name}`, variant: 'success' });
          void navigate(hrefs.myRecipes({ recipe: saved.id }));
        },
        onError: (error) =>
          showToast({
            title: 'Not copied',
            description: error instanceof ApiError ? error.message : 'Try again.',
            variant: 'error',
          }),
      },
    );
  if (mine) {
    return (
      <>
        <OwnRecipeEditor
          userId={userId}
          recipe={mine}
          trigger={
            <Button variant="secondary" size="sm">
              <PencilIcon aria-hidden="true" />
              Edit
            </Button>
          }
        />
        <Button variant="ghost" size="sm" disabled={change.isPending} onClick={copy}>
          <CopyPlusIcon aria-hidden="true" />
          Duplicate
        </Button>
      </>
    );
  }
  return (
    <Button variant="secondary" size="sm" disabled={change.isPending || own.isPending} onClick={copy}>
      <CopyPlusIcon aria-hidden="true" />
      {change.isPending ? 'Copying…' : 'Make it my own'}
    </Button>
  );
}
