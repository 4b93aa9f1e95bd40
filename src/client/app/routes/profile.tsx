/** Route module of the profile page: wiring only; the page lives in app/pages/profile-page.tsx. */
export { ProfilePage as Component } from '../pages/profile-page';
