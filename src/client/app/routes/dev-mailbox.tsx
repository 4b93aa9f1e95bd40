/** Route module of the dev-mailbox page: wiring only; the page lives in app/pages/dev-mailbox-page.tsx. */
export { DevMailboxPage as Component } from '../pages/dev-mailbox-page';
