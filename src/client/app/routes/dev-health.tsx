/** Route module of the dev-health page: wiring only; the page lives in app/pages/dev-health-page.tsx. */
export { DevHealthPage as Component } from '../pages/dev-health-page';
