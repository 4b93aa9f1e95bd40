/** Route module of the dev-selftest page: wiring only; the page lives in app/pages/dev-selftest-page.tsx. */
export { DevSelftestPage as Component } from '../pages/dev-selftest-page';
