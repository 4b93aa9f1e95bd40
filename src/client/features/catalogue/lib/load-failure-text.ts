/** Texts of the recipe modal's load failures (docs/product.md: States, Error messages; "Offline"). */
export const LOAD_FAILURE_TEXT = {
  loadTitle: 'Something went wrong',
  loadBody: 'Please try again.',
  notFoundTitle: 'Recipe not found',
  notFoundBody: 'This cocktail is not in the catalogue. The link may be mistyped, or the recipe was removed.',
  notFoundBack: 'Back to cocktails',
  offlineTitle: 'This recipe needs the network',
  offlineBody:
    'You are offline, and this recipe has not been kept on this device yet. Recipes you open or save are kept for offline use.',
} as const;
