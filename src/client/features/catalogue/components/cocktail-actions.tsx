import { createContext, useContext, type ReactNode } from 'react';

/** Where a cocktail's actions are drawn: on a card of a grid, or in the recipe modal's header. */
export type CocktailActionPlacement = 'card' | 'modal';

/** Draws the actions of one cocktail (e.g. the favorite heart) at a placement; null draws nothing. */
export type RenderCocktailActions = (
  cocktail: { id: number; name: string },
  placement: CocktailActionPlacement,
) => ReactNode;

const CocktailActionsContext = createContext<RenderCocktailActions>(() => null);

/**
 * Gives every card and recipe view below it the actions other features offer on a cocktail (favorites today,
 * collections later). The app composes it; the catalogue feature draws whatever it is given without knowing the features.
 */
export function CocktailActionsProvider({ render, children }: { render: RenderCocktailActions; children: ReactNode }) {
  return <CocktailActionsContext.Provider value={render}>{children}</CocktailActionsContext.Provider>;
}

/** The actions slot of the nearest {@link CocktailActionsProvider} (draws nothing without one). */
export function useCocktailActions(): RenderCocktailActions {
  return useContext(CocktailActionsContext);
}
