import type { QueryClient } from '@tanstack/react-query';

/**
 * What plain functions (sign-out, the callback page's popup message) need from the running app: its query client and the
 * router's navigate. Registered by the AuthRuntime component mounted in the shell; absent in tests that do not mount it.
 */
export interface AuthRuntime {
  queryClient: QueryClient;
  navigate: (to: string, options?: { replace?: boolean }) => void | Promise<void>;
}

let runtime: AuthRuntime | null = null;

/** Registers the running app's query client and navigate. @returns a function that unregisters them. */
export function registerAuthRuntime(next: AuthRuntime): () => void {
  runtime = next;
  return () => {
    if (runtime === next) runtime = null;
  };
}

/** The registered runtime, or null when no shell is mounted. */
export function getAuthRuntime(): AuthRuntime | null {
  return runtime;
}

/** `type` of the window message a sign-in popup sends its opener when it signed in (same origin only). */
export const AUTH_CHANGED_MESSAGE = 'bb:auth-changed';
