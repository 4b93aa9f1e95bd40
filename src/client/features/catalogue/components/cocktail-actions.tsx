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

/** What other features add to a recipe: a mark per ingredient line, a panel under the ingredients, and buttons. */
export interface RecipeExtras {
  /** A small mark after one line (in stock, covered by a substitute, missing); null draws nothing. */
  lineMark: (cocktail: { id: number; name: string }, position: number) => ReactNode;
  /** A panel under the ingredient list (what the bar has, 'I made this'); null draws nothing. */
  panel: (cocktail: { id: number; name: string }) => ReactNode;
  /** Buttons beside 'Batch this' ('Make it my own', Edit); absent or null draws nothing. */
  actions?: (cocktail: { id: number; name: string }) => ReactNode;
}

const RecipeExtrasContext = createContext<RecipeExtras>({ lineMark: () => null, panel: () => null });

/**
 * Gives every recipe view below it what other features add to a recipe (My Bar's marks and 'I made this'). The app
 * composes it; the catalogue draws the slots without knowing the features.
 */
export function RecipeExtrasProvider({ extras, children }: { extras: RecipeExtras; children: ReactNode }) {
  return <RecipeExtrasContext.Provider value={extras}>{children}</RecipeExtrasContext.Provider>;
}

/** The recipe slots of the nearest {@link RecipeExtrasProvider} (they draw nothing without one). */
export function useRecipeExtras(): RecipeExtras {
  return useContext(RecipeExtrasContext);
}
