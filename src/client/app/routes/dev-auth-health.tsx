/** Route module of the dev-auth-health page: wiring only; the page lives in app/pages/dev-auth-health-page.tsx. */
export { DevAuthHealthPage as Component } from '../pages/dev-auth-health-page';
