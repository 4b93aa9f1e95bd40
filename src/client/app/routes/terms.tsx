/** Route module of the terms page: wiring only; the page lives in app/pages/terms-page.tsx. */
export { TermsPage as Component } from '../pages/terms-page';
