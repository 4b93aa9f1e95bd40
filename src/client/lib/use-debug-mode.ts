import { useSyncExternalStore } from 'react';
import { isDebugMode, subscribeDebugMode } from './debug-mode';

/** True in debug mode (`?debug=1`, remembered for the tab session); re-renders when it changes. */
export function useDebugMode(): boolean {
  return useSyncExternalStore(subscribeDebugMode, isDebugMode, () => false);
}
