import { useSyncExternalStore } from 'react';

const subscribeNothing = () => () => {};
const onClient = () => true;
const onServer = () => false;

/**
 * False while React renders on the server or hydrates pre-rendered HTML, true from the render after (and always in a
 * root that is not hydrated). A part the pre-render did not draw (a deep link's recipe modal over a pre-rendered page)
 * waits for it, so the first client render equals the server's and the page is hydrated, not drawn again.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNothing, onClient, onServer);
}
