import { Trash2Icon, TriangleAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/client/components/ui/dialog';
import { ApiError } from '@/client/lib/api-client';
import { showToast } from '@/client/lib/toast-events';
import type { OwnRecipe } from '@/shared/schemas/recipes';
import { useDeleteOwnRecipe } from '../api/own-recipes';

/**
 * Asks before deleting one of the user's recipes (its notes, rating and places in collections go with it; a share link
 * stops working). A failed delete keeps the dialog open with the reason, and the recipe stays.
 */
export function DeleteRecipeDialog({
  userId,
  recipe,
  onDeleted,
}: {
  userId: string;
  recipe: OwnRecipe;
  /** Where focus goes once the recipe's card is gone. */
  onDeleted: () => void;
}) {
  const remove = useDeleteOwnRecipe(userId);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Dialog onOpenChange={() => setProblem(null)}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Delete ${recipe.name}`}>
          <Trash2Icon aria-hidden="true" />
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <div className="flex size-11 items-center justify-center rounded-full bg-destructive-soft text-danger-text">
            <TriangleAlertIcon aria-hidden="true" className="size-6" />
          </div>
          <DialogTitle>Delete {recipe.name}?</DialogTitle>
          <DialogDescription>
            The recipe, your note and rating on it and its places in your collections go
            {recipe.shareSlug ? ', and its share link stops working' : ''}. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        {problem ? (
          <p role="alert" className="text-sm text-danger-text">
            {problem}
          </p>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Keep it</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              // The card (and this dialog with it) leaves the page once the list updates, so the follow-up runs on
              // the promise rather than on the mutation's callbacks, which an unmounted component no longer gets.
              void remove.mutateAsync(recipe.id).then(
                () => {
                  showToast({ title: `${recipe.name} deleted`, variant: 'success' });
                  onDeleted();
                },
                (error: unknown) => setProblem(error instanceof ApiError ? error.message : 'Not deleted. Try again.'),
              )
            }
          >
            {remove.isPending ? 'Deleting…' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
