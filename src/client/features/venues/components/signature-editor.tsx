import type { ReactElement } from 'react';
import { RecipeEditorDialog } from '@/client/components/recipe-editor/recipe-editor-dialog';
import { signatureWriteSchema, type Signature, type SignatureWrite } from '@/shared/schemas/venues';
import { useSaveSignature } from '../api/signatures';

/**
 * A venue's signature recipe in the shared recipe editor's dialog (owner, manager): every ingredient picked from the
 * catalogue, checked by signatureWriteSchema before anything is sent; the server's refusal is shown in the form. Saved:
 * the dialog closes and a 'Saved' toast says so. `signature` null writes a new recipe.
 */
export function SignatureEditor({
  userId,
  slug,
  signature,
  trigger,
  onTriggerGone,
}: {
  userId: string;
  slug: string;
  signature: Signature | null;
  trigger: ReactElement;
  /** Called instead of returning focus when the trigger is gone by the time the dialog closes (an empty state's). */
  onTriggerGone?: () => void;
}) {
  const save = useSaveSignature(userId, slug);
  return (
    <RecipeEditorDialog<SignatureWrite>
      title={signature ? `Edit ${signature.name}` : 'New signature cocktail'}
      description={
        signature
          ? 'Changes show on the menu as soon as you save.'
          : 'Your own recipe: add it to the menu once it is saved.'
      }
      descriptionHint="Guests read it on the menu."
      trigger={trigger}
      onTriggerGone={onTriggerGone}
      recipe={signature}
      schema={signatureWriteSchema}
      freeText={false}
      pending={save.isPending}
      save={(body) => save.mutateAsync({ cocktailId: signature?.id ?? null, body })}
    />
  );
}
