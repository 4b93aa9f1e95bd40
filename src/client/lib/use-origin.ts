import { useSyncExternalStore } from 'react';

/** The page's origin never changes while it is open: nothing to subscribe to. */
const subscribe = () => () => {};

/**
 * The page's origin (`https://barback.app`), for links meant to leave the page (share links, QR codes). '' while the
 * build pre-renders or React hydrates pre-rendered HTML (React takes the server snapshot there, so the first render
 * matches the HTML), the real origin from the next render on.
 */
export function useOrigin(): string {
  return useSyncExternalStore(
    subscribe,
    () => window.location.origin,
    () => '',
  );
}
