/**
 * The one factory of React Query keys for sign-in state and the auth developer tools. Every auth query and invalidation
 * builds its key here; `authKeys.all` reaches every one of them.
 */
export const authKeys = {
  /** Every auth query. */
  all: ['auth-dev'] as const,
  /** `GET /api/session/providers`: which provider sign-ins the server offers. */
  providers: () => [...authKeys.all, 'providers'] as const,
  /** `GET /api/dev/auth-health`: the server's auth configuration, without secrets. */
  devHealth: () => [...authKeys.all, 'dev', 'health'] as const,
  /** `GET /api/dev/mailbox`: the development outbox. */
  devMailbox: () => [...authKeys.all, 'dev', 'mailbox'] as const,
};
