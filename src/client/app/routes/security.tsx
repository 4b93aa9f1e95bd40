/** Route module of the security page: wiring only; the page lives in app/pages/security-page.tsx. */
export { SecurityPage as Component } from '../pages/security-page';
