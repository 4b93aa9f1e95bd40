/** Route module of the privacy page: wiring only; the page lives in app/pages/privacy-page.tsx. */
export { PrivacyPage as Component } from '../pages/privacy-page';
