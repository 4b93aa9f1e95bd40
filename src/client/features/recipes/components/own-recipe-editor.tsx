import type { ReactElement } from 'react';
import { RecipeEditorDialog } from '@/client/components/recipe-editor/recipe-editor-dialog';
import { ownRecipeWriteSchema, type OwnRecipe, type OwnRecipeWrite } from '@/shared/schemas/recipes';
import { useOwnRecipeChange } from '../api/own-recipes';

/**
 * One of the user's own recipes in the shared recipe editor (`recipe` null: a new one). A line may name an ingredient the
 * catalogue does not have: it is kept as an ingredient of the user's own. A refusal (a free account's limit, a bad
 * field) stays in the form with everything typed.
 */
export function OwnRecipeEditor({
  userId,
  recipe,
  trigger,
  onTriggerGone,
}: {
  userId: string;
  recipe: OwnRecipe | null;
  trigger: ReactElement;
  onTriggerGone?: () => void;
}) {
  const change = useOwnRecipeChange(userId);
  return (
    <RecipeEditorDialog<OwnRecipeWrite>
      title={recipe ? `Edit ${recipe.name}` : 'New recipe'}
      description={
        recipe
          ? 'Strength, ABV and dilution are worked out again when you save.'
          : 'Private to you until you share it. Strength, ABV and dilution are worked out from the lines.'
      }
      descriptionHint="A line or two: where it comes from, what makes it yours."
      trigger={trigger}
      onTriggerGone={onTriggerGone}
      recipe={recipe}
      schema={ownRecipeWriteSchema}
      freeText
      pending={change.isPending}
      save={(body) => change.mutateAsync({ kind: 'save', id: recipe?.id ?? null, body })}
    />
  );
}
