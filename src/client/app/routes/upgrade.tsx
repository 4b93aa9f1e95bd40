/** Route module of the upgrade page: wiring only; the page lives in app/pages/upgrade-page.tsx. */
export { UpgradePage as Component } from '../pages/upgrade-page';
