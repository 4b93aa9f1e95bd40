/** Route module of the favorites page: wiring only; the page lives in app/pages/favorites-page.tsx. */
export { FavoritesPage as Component } from '../pages/favorites-page';
