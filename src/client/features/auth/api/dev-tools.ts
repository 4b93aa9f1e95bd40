import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import { authKeys } from './query-keys';

/** How a provider is wired on the server: a real client ('social'), the test issuer ('test'), or not at all ('off'). */
export type ProviderMode = 'social' | 'test' | 'off';

/** `GET /api/dev/auth-health`: the server's auth configuration. Never holds a secret. */
export interface AuthHealth {
  providers: Record<'google' | 'facebook', { configured: boolean; mode: ProviderMode }>;
  magicLink: boolean;
  mail: { transport: 'smtp' | 'outbox'; from: string };
  session: { signedIn: boolean; userId?: string; expiresAt?: string };
  baseURL: string;
  trustedOrigins: string[];
}

/**
 * Reads the auth configuration report.
 * @throws ApiError (404 when the server has no such route, NETWORK_ERROR offline).
 */
export function getAuthHealth(signal?: AbortSignal): Promise<AuthHealth> {
  return apiFetch<AuthHealth>('/api/dev/auth-health', null, { signal, cache: 'no-store' });
}

/** Query of the auth report: always fresh, not retried (a developer presses Refresh). */
export function getAuthHealthQueryOptions() {
  return queryOptions({
    queryKey: authKeys.devHealth(),
    queryFn: ({ signal }) => getAuthHealth(signal),
    staleTime: 0,
    retry: false,
  });
}

/** The auth configuration report. */
export function useAuthHealth() {
  return useQuery(getAuthHealthQueryOptions());
}

/**
 * Sends an account-recovery sign-in link (`POST /api/dev/recovery-email`). Unknown addresses get the same answer and no
 * mail (no account enumeration).
 * @throws ApiError: 400 'Please enter an email address', 502 MAIL_FAILED with the reason, 429 RATE_LIMITED.
 */
export function sendRecoveryEmail(email: string): Promise<{ sent: true; email: string }> {
  return apiFetch<{ sent: true; email: string }>('/api/dev/recovery-email', null, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  });
}

/** Mutation: send a recovery link. */
export function useSendRecoveryEmail() {
  return useMutation({ mutationFn: sendRecoveryEmail });
}

/** One message of the development outbox. createdAt: ISO 8601. */
export interface OutboxMessage {
  id: number | string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/**
 * Reads the development outbox (`GET /api/dev/mailbox`), newest first.
 * @throws ApiError 404 outside development/debug mode.
 */
export function getMailbox(signal?: AbortSignal): Promise<{ messages: OutboxMessage[] }> {
  return apiFetch<{ messages: OutboxMessage[] }>('/api/dev/mailbox', null, { signal, cache: 'no-store' });
}

/** How often the open mailbox looks for new mail, ms. */
export const MAILBOX_POLL_MS = 4000;

/** The development outbox, polled every 4 s while the page is visible; a 404 is final (not retried, not polled). */
export function useMailbox() {
  return useQuery({
    queryKey: authKeys.devMailbox(),
    queryFn: ({ signal }) => getMailbox(signal),
    staleTime: 0,
    retry: false,
    refetchInterval: (query) =>
      (query.state.error as { status?: number } | null)?.status === 404 ? false : MAILBOX_POLL_MS,
  });
}
