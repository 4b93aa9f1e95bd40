/** Route module of the dev-echo-url page: wiring only; the page lives in app/pages/dev-echo-url-page.tsx. */
export { DevEchoUrlPage as Component } from '../pages/dev-echo-url-page';
