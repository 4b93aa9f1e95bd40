/** Route module of the dev-diag-cocktail page: wiring only; the page lives in app/pages/dev-diag-cocktail-page.tsx. */
export { DevDiagCocktailPage as Component } from '../pages/dev-diag-cocktail-page';
