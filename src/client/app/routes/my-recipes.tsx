import { AccountPageSkeleton } from '@/client/features/account/components/account-page-skeleton';
import { SignInRequired } from '@/client/features/account/components/sign-in-required';
import { RecipeModalHost } from '@/client/features/catalogue/components/recipe-modal-host';
import { MyRecipesPage } from '@/client/features/recipes/components/my-recipes-page';
import { useSession } from '@/client/lib/session';
import { useDocumentTitle } from '@/client/lib/use-document-title';

/**
 * Route module of `/my-recipes`: the signed-in user's own recipes (any plan: a free account keeps ten), each opening in
 * the catalogue's recipe dialog (`?recipe=<id>`). Exports `Component`.
 */
export function Component() {
  useDocumentTitle('My Recipes');
  const session = useSession();
  if (session.status === 'loading') return <AccountPageSkeleton label="Loading your recipes…" />;
  if (session.status === 'signed-out' || !session.user) {
    return (
      <SignInRequired
        title="Sign in to keep your recipes"
        description="Write your own specs, copy any cocktail to make it yours, and bring in the recipes you keep elsewhere."
      />
    );
  }
  return <MyRecipesPage userId={session.user.id} recipeDialog={<RecipeModalHost />} />;
}
