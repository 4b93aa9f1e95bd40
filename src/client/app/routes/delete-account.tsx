/** Route module of the delete-account page: wiring only; the page lives in app/pages/delete-account-page.tsx. */
export { DeleteAccountPage as Component } from '../pages/delete-account-page';
