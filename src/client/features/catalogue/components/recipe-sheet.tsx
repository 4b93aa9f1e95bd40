import { StaticDialog } from '@/client/components/ui/dialog';
import { RECIPE_SHEET_ID } from '@/shared/first-paint';
import { CocktailRecipe, RECIPE_PANEL_CLASS } from './cocktail-recipe';

/**
 * A deep link's recipe as the server draws it (`/?recipe=<id>`, issue 12; src/server/catalogue/recipe-page.ts): the
 * recipe view in a static dialog with the live modal's panel, so the recipe is in the page's first paint instead of
 * after the app's and the modal's code. Its close is a link back to `closeHref`. The live modal removes it
 * (`#`RECIPE_SHEET_ID) in the frame it draws its own panel, with no entrance animation, so nothing moves.
 * @param cocktail the detail as `GET /api/cocktails/:id` answers it (it has passed the modal's shape check).
 * @throws Error when the detail is not a full recipe (CocktailRecipe's check); the server then sends the page without it.
 */
export function RecipeSheet({ cocktail, closeHref }: { cocktail: { name: string }; closeHref: string }) {
  return (
    <StaticDialog id={RECIPE_SHEET_ID} label={cocktail.name} closeHref={closeHref} className={RECIPE_PANEL_CLASS}>
      <CocktailRecipe data={cocktail} />
    </StaticDialog>
  );
}
