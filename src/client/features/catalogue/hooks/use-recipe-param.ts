import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams, type To } from 'react-router';
import { RECIPE_PARAM } from '@/shared/first-paint';

/**
 * The open recipe lives in the URL as `?recipe=<id>`, so back/forward, reloads and shared links open the same modal.
 * Opening from a card pushes a history entry (marked in location.state); closing goes back to it when it can, otherwise
 * removes the parameter in place.
 */

/** URL parameter holding the open recipe's id ('recipe'; shared with the server, which draws a deep link's recipe). */
export { RECIPE_PARAM };

/** location.state set when a card opened the modal. */
export interface RecipeLocationState {
  recipeFromList?: boolean;
}

/**
 * @returns `recipeId` (the open recipe's id as written in the URL, or null), `recipeTo(id)` (the link target that opens a
 *   recipe on the current page, keeping its other parameters), `closeHref` (the current page's address without the
 *   recipe) and `closeRecipe()`.
 */
export function useRecipeParam() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const recipeId = params.get(RECIPE_PARAM);

  const recipeTo = useCallback(
    (id: string | number): To => {
      const next = new URLSearchParams(location.search);
      next.set(RECIPE_PARAM, String(id));
      return { pathname: location.pathname, search: `?${next.toString()}` };
    },
    [location.pathname, location.search],
  );

  const closeHref = useMemo(() => {
    const next = new URLSearchParams(location.search);
    next.delete(RECIPE_PARAM);
    const search = next.toString();
    return `${location.pathname}${search ? `?${search}` : ''}`;
  }, [location.pathname, location.search]);

  const closeRecipe = useCallback(() => {
    const state = location.state as RecipeLocationState | null;
    if (state?.recipeFromList && location.key !== 'default') {
      navigate(-1);
      return;
    }
    navigate(closeHref, { replace: true, preventScrollReset: true });
  }, [location, navigate, closeHref]);

  return { recipeId, recipeTo, closeHref, closeRecipe };
}
