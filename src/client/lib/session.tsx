import { hashKey, queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { isEntitlementName, planFromEntitlements, type EntitlementName } from '@/shared/domain/plans';
import type { AppMetadata, SessionData, SessionInfo, SessionUser } from '@/shared/schemas/session';
import { apiFetch } from './api-client';
import { authTransition, emitAuthEvent } from './auth-events';
import { shouldRetryQuery } from './query-client';
import { useDeferredFirstAnswer } from './use-deferred-first-answer';
import { sessionKeys } from './query-keys';

export type { AppMetadata, SessionData, SessionInfo, SessionUser };
export { authTransition, emitAuthEvent, onAuthStateChange } from './auth-events';
export type { AuthEvent, AuthEventListener } from './auth-events';

/**
 * `GET /api/auth/get-session` (better-auth's own route): the signed-in user and session, or `null` when signed out.
 * This is the one source of sign-in state for the shell, so it stays light: no better-auth client, no zod (it loads with
 * the shell on every first page).
 */

/**
 * First retry of a failed session read after 200 ms, doubling each time (docs/product.md, Constants and limits: auth
 * refresh backoff base 200 ms).
 */
export const SESSION_RETRY_BASE_MS = 200;
/** The session is read again every 5 minutes while the page is visible (paused while hidden), ms. */
export const SESSION_REFRESH_INTERVAL_MS = 5 * 60 * 1000;

type RawSession = {
  user?: (Partial<Record<keyof SessionUser, unknown>> & { appMetadata?: unknown }) | null;
  session?: Partial<Record<keyof SessionInfo | 'token', unknown>> | null;
} | null;

const text = (value: unknown): string =>
  typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : '';

/**
 * The entitlements, plan and lapse the server put on the session's user (`appMetadata`), keeping only the paid entitlement
 * names; the plan is derived again from them (docs/payments.md), so a malformed or missing value reads as free (not lapsed).
 */
export function toAppMetadata(raw: unknown): AppMetadata {
  const read = raw as { entitlements?: unknown; lapsed?: unknown } | null | undefined;
  const list = read?.entitlements;
  const entitlements: EntitlementName[] = Array.isArray(list) ? [...new Set(list.filter(isEntitlementName))] : [];
  const plan = planFromEntitlements(entitlements);
  // Lapsed only means something without a plan: a stale flag beside an active plan reads as false.
  return { entitlements, plan, lapsed: plan === 'free' && read?.lapsed === true };
}

/** Keeps the fields the client uses and drops the rest (the session token above all); null when there is no user. */
export function toSessionData(raw: RawSession): SessionData | null {
  if (!raw || typeof raw !== 'object' || !raw.user || !raw.session) return null;
  const { user, session } = raw;
  if (typeof user.id !== 'string' || typeof user.email !== 'string') return null;
  return {
    user: {
      id: user.id,
      email: user.email,
      name: typeof user.name === 'string' ? user.name : '',
      image: typeof user.image === 'string' && user.image !== '' ? user.image : null,
      emailVerified: user.emailVerified === true,
      twoFactorEnabled: user.twoFactorEnabled === true,
      createdAt: text(user.createdAt),
      updatedAt: text(user.updatedAt),
      appMetadata: toAppMetadata(user.appMetadata),
    },
    session: {
      id: text(session.id),
      userId: text(session.userId) || user.id,
      expiresAt: text(session.expiresAt),
      createdAt: text(session.createdAt),
    },
  };
}

/**
 * Reads the current session. An answer of 401/403 (an expired, revoked or forged cookie) counts as signed out, so an invalid
 * session never turns into an error screen.
 * @returns the session, or null when signed out.
 * @throws ApiError for a network failure (NETWORK_ERROR) or a server error (5xx); the query retries those.
 */
export async function getSession(signal?: AbortSignal): Promise<SessionData | null> {
  try {
    const raw = await apiFetch<RawSession>('/api/auth/get-session', null, {
      signal,
      cache: 'no-store',
    });
    return toSessionData(raw);
  } catch (error) {
    const status = (error as { status?: number } | null)?.status ?? 0;
    if (status === 401 || status === 403) return null;
    throw error;
  }
}

/**
 * The session query: refetched whenever the tab becomes visible again and every 5 minutes while it stays visible
 * (docs/product.md, States, "Session recovery": refresh pauses while hidden and resumes when visible; the server
 * extends the session while it is used). Failures are retried by the app's one rule (shouldRetryQuery: network and
 * server errors, 3 times), 200 / 400 / 800 ms apart.
 */
export function getSessionQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.session(),
    queryFn: ({ signal }) => getSession(signal),
    refetchOnWindowFocus: 'always',
    refetchOnReconnect: 'always',
    refetchInterval: SESSION_REFRESH_INTERVAL_MS,
    refetchIntervalInBackground: false,
    retry: shouldRetryQuery,
    retryDelay: (attempt) => SESSION_RETRY_BASE_MS * 2 ** attempt,
  });
}

/** The last session answer each query client's events were derived from (absent: no answer yet). */
const lastAnswers = new WeakMap<QueryClient, SessionData | null>();

/**
 * Turns the session query's answers in `queryClient` into auth events (docs/product.md, States): every successful
 * answer, from a fetch or from `setQueryData` (the sign-in callback, sign-out), goes through {@link authTransition}
 * against the answer before it, and the event, if any, is emitted to the onAuthStateChange listeners. An answer already
 * in the cache counts at once. Failed reads change nothing (a refresh that fails keeps the signed-in answer). The last
 * answer is kept per client, so watching the same client again (a remount) repeats no event.
 * @returns the function that stops watching.
 */
export function watchSessionEvents(queryClient: QueryClient): () => void {
  const queryKey = sessionKeys.session();
  const queryHash = hashKey(queryKey);
  const observe = (next: SessionData | null) => {
    const event = authTransition(lastAnswers.get(queryClient), next);
    lastAnswers.set(queryClient, next);
    if (event) emitAuthEvent(event, next);
  };
  const current = queryClient.getQueryState<SessionData | null>(queryKey);
  if (current?.status === 'success') observe(current.data ?? null);
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryHash !== queryHash) return;
    observe((event.query.state.data as SessionData | null | undefined) ?? null);
  });
}

/** Sign-in state: 'loading' until the first answer, then 'signed-in' or 'signed-out'. */
export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

/** What {@link useSession} returns. `user` and `session` are null unless signed in. */
export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  session: SessionInfo | null;
}

const isAnswered = (state: SessionState) => state.status !== 'loading';

/** The session as the one subscription above the tree reads it (null: no {@link SessionProvider} above). */
const SessionContext = createContext<SessionState | null>(null);

/**
 * Subscribes to the session once for everything below it (app Providers mount it; tests wrap with it), and turns its
 * answers into auth events ({@link watchSessionEvents}). Every {@link useSession} reads this one answer instead of keeping
 * its own query observer: a page of 50 cards had about 150 observers of the same query, and a session answer arriving
 * while React drew the cards in the background made React throw that work away and draw them again in one blocking task
 * (external-store tearing; Total Blocking Time).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery(getSessionQueryOptions());
  useEffect(() => watchSessionEvents(queryClient), [queryClient]);
  const pending = query.isPending;
  const data = query.data ?? null;
  const state = useMemo<SessionState>(() => {
    if (pending) return { status: 'loading', user: null, session: null };
    if (!data) return { status: 'signed-out', user: null, session: null };
    return { status: 'signed-in', user: data.user, session: data.session };
  }, [pending, data]);
  // The first answer reaches the tree as a deferred update, later ones at once (see useDeferredFirstAnswer).
  const shown = useDeferredFirstAnswer(state, isAnswered);
  return <SessionContext.Provider value={shown}>{children}</SessionContext.Provider>;
}

/**
 * Who is signed in. `status` is 'loading' until the first session answer arrives (docs/product.md, States: auth loading
 * is true until the first session event), then 'signed-in' or 'signed-out'. A session read that failed for good
 * (offline after the retries) counts as signed out; an earlier good answer is kept while a refresh fails.
 * @throws Error when no {@link SessionProvider} is above the caller (a wiring mistake, never a user's state).
 */
export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (state === null) throw new Error('useSession() needs a <SessionProvider> above it');
  return state;
}
