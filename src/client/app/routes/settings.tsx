/** Route module of the settings page: wiring only; the page lives in app/pages/settings-page.tsx. */
export { SettingsPage as Component } from '../pages/settings-page';
