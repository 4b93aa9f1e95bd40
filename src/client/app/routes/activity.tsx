/** Route module of the activity page: wiring only; the page lives in app/pages/activity-page.tsx. */
export { ActivityPage as Component } from '../pages/activity-page';
