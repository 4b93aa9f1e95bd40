/** Route module of the home page: wiring only; the page lives in app/pages/home-page.tsx. */
export { HomePage as Component, preload } from '../pages/home-page';
