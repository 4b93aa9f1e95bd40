import { useSyncExternalStore } from 'react';

/** For useSyncExternalStore: the browser's online and offline events. */
function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Whether the browser says it has a network (`navigator.onLine`), following its online and offline events; true while
 * rendering on the server. 'Online' only means a network is there, not that the server answers.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}
