import { useSyncExternalStore } from 'react';
import { getAppEnvironment, subscribeAppEnvironment, type AppEnvironment } from './app-environment';

/** The current app environment (ios / web / toast); re-renders when an APP_ENV message changes it. */
export function useAppEnvironment(): AppEnvironment {
  return useSyncExternalStore(subscribeAppEnvironment, getAppEnvironment, getAppEnvironment);
}
