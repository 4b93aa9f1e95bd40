import { useCallback, useMemo } from 'react';
import { useLocation, useMatch, useNavigate, useSearchParams, type To } from 'react-router';
import { hrefs, paths } from '@/client/config/paths';
import { RECIPE_PARAM } from '@/shared/first-paint';
import { hasCocktailPage } from '@/shared/routes';
import { useServerDrawnRecipeId } from '../lib/server-recipe';

/**
 * The open recipe lives in the URL, so back/forward, reloads and shared links open the same modal. The router holds it
 * as `?recipe=<id>` on the page under the modal; for a catalogue cocktail the address bar shows the cocktail's own page,
 * `/cocktails/<slug>` (React Router's location mask), which the server answers with the recipe drawn (docs/product.md,
 * Recipe pages). A page opened at `/cocktails/<slug>` is the home page with that recipe open. Opening from a card pushes
 * a history entry (marked in location.state); closing goes back to it when it can, otherwise removes the recipe in place.
 */

/** URL parameter holding the open recipe's id ('recipe'; shared with the server, which draws a deep link's recipe). */
export { RECIPE_PARAM };

/** location.state set when a card opened the modal. */
export interface RecipeLocationState {
  recipeFromList?: boolean;
}

/** A link that opens a recipe: the router's target and, for a catalogue cocktail, the address the bar shows. */
export interface RecipeLink {
  to: To;
  mask?: string;
}

/**
 * @returns `recipeId` (the open recipe's id, or null), `pageSlug` (the slug of a `/cocktails/<slug>` address, or
 *   null), `recipeTo(id)` (the link target that opens a recipe on the current page, keeping its other parameters),
 *   `recipeLink(cocktail)` (the same with the cocktail's own page as the address shown), `closeHref` (the current
 *   page's address without the recipe), `closeRecipe()` and `showCocktailPage(slug)` (puts the open catalogue cocktail's
 *   own page in the address bar, for a recipe opened from a link that did not).
 */
export function useRecipeParam() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const pageSlug = useMatch(paths.cocktail)?.params.slug ?? null;
  const drawnId = useServerDrawnRecipeId(pageSlug);
  const recipeId = params.get(RECIPE_PARAM) ?? drawnId;

  const recipeTo = useCallback(
    (id: string | number): To => {
      const next = new URLSearchParams(location.search);
      next.set(RECIPE_PARAM, String(id));
      // On a cocktail's own page the recipe opens over the home page, where closing it leads.
      return { pathname: pageSlug ? paths.home : location.pathname, search: `?${next.toString()}` };
    },
    [location.pathname, location.search, pageSlug],
  );

  const recipeLink = useCallback(
    (cocktail: { id: number; slug: string }): RecipeLink => ({
      to: recipeTo(cocktail.id),
      ...(hasCocktailPage(cocktail.slug) ? { mask: hrefs.cocktail(cocktail.slug) } : {}),
    }),
    [recipeTo],
  );

  // On a cocktail's own page, closing leads to the home page drawn under it (with its search, if any).
  const closeHref = useMemo(() => {
    const next = new URLSearchParams(location.search);
    next.delete(RECIPE_PARAM);
    const search = next.toString();
    return `${pageSlug ? paths.home : location.pathname}${search ? `?${search}` : ''}`;
  }, [location.pathname, location.search, pageSlug]);

  const closeRecipe = useCallback(() => {
    const state = location.state as RecipeLocationState | null;
    if (state?.recipeFromList && location.key !== 'default') {
      navigate(-1);
      return;
    }
    navigate(closeHref, { replace: true, preventScrollReset: true });
  }, [location, navigate, closeHref]);

  const showCocktailPage = useCallback(
    (slug: string) => {
      const page = hrefs.cocktail(slug);
      // Only while a recipe is open: a closing modal still reports its cocktail.
      if (!params.has(RECIPE_PARAM) || pageSlug || !hasCocktailPage(slug) || location.mask?.pathname === page) return;
      void navigate(
        { pathname: location.pathname, search: location.search, hash: location.hash },
        { replace: true, state: location.state as unknown, mask: page, preventScrollReset: true },
      );
    },
    [location, navigate, pageSlug, params],
  );

  return { recipeId, pageSlug, recipeTo, recipeLink, closeHref, closeRecipe, showCocktailPage };
}
