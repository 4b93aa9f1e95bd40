/** Route module of the search page: wiring only; the page lives in app/pages/search-page.tsx. */
export { SearchPage as Component } from '../pages/search-page';
