import { isApiErrorCode, type ClientErrorCode } from '@/shared/schemas/api-error-codes';
import { ApiError } from './api-client';

/**
 * better-auth's browser client (`better-auth/react` with the magic-link and two-factor plugins), loaded on first use.
 *
 * Nothing here is imported eagerly: the shell reads the session with a plain query (lib/session.ts), and
 * only the actions that need better-auth (sending a magic link, two-factor, unlinking, signing out) call
 * {@link loadAuthClient}, so the first page load carries none of better-auth's code (the initial-JS budget).
 */

async function createClient() {
  const [{ createAuthClient }, { magicLinkClient, twoFactorClient }] = await Promise.all([
    import('better-auth/react'),
    import('better-auth/client/plugins'),
  ]);
  return createAuthClient({
    basePath: '/api/auth',
    plugins: [magicLinkClient(), twoFactorClient()],
    // Look the global fetch up on every call (not once at creation), so a page or test that swaps it is honoured.
    fetchOptions: { customFetchImpl: (input, init) => fetch(input, init) },
  });
}

/** The typed better-auth client (`signIn.magicLink`, `twoFactor.*`, `unlinkAccount`, `signOut`...). */
export type AuthClient = Awaited<ReturnType<typeof createClient>>;

let pending: Promise<AuthClient> | null = null;

/**
 * The shared better-auth client, created on the first call (its code is fetched then). A failed load (offline) is
 * forgotten so the next call tries again.
 * @throws the dynamic import's error when the code could not be fetched.
 */
export function loadAuthClient(): Promise<AuthClient> {
  pending ??= createClient().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

/** The `{data, error}` pair every better-auth client call resolves to. */
export interface AuthResult<T> {
  data: T | null;
  error: { status?: number; statusText?: string; message?: string; code?: string; error?: unknown } | null;
}

/**
 * Turns a better-auth client result into its data, or throws an {@link ApiError} with the status, code and message. It
 * reads both better-auth's error body (`{code, message}`) and the API's (`{error: {code, message}}`, e.g. the server's
 * 429 RATE_LIMITED answer).
 * @throws ApiError (status 0, NETWORK_ERROR when no answer came).
 */
export function unwrapAuthResult<T>(result: AuthResult<T>): T {
  const { data, error } = result;
  if (!error) {
    if (data === null || data === undefined)
      throw new ApiError(0, 'BAD_RESPONSE', 'Unexpected response from the server');
    return data;
  }
  const nested =
    typeof error.error === 'object' && error.error !== null
      ? (error.error as { code?: unknown; message?: unknown })
      : null;
  const status = typeof error.status === 'number' ? error.status : 0;
  // Our own codes pass through (the server rewrites better-auth's 429 into RATE_LIMITED); better-auth's codes
  // (INVALID_TOKEN...) are named by their status instead, so ApiError.code stays one of the API's codes.
  const rawCode = isApiErrorCode(nested?.code) ? nested.code : isApiErrorCode(error.code) ? error.code : null;
  const code: ClientErrorCode = rawCode ?? (status === 0 ? 'NETWORK_ERROR' : codeForStatus(status));
  const message =
    (typeof nested?.message === 'string' && nested.message) ||
    (typeof error.message === 'string' && error.message) ||
    (status === 0 ? 'The server could not be reached. Check your connection.' : error.statusText || 'Request failed');
  const authCode =
    (typeof nested?.code === 'string' && nested.code) || (typeof error.code === 'string' && error.code) || undefined;
  return throwError(new ApiError(status, code, message, { authCode }));
}

/** The API's code for an error status that came without one of our codes (better-auth's own answers). */
function codeForStatus(status: number): ClientErrorCode {
  const byStatus: Record<number, ClientErrorCode> = {
    400: 'BAD_REQUEST',
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    409: 'CONFLICT',
    413: 'PAYLOAD_TOO_LARGE',
    429: 'RATE_LIMITED',
    503: 'SERVICE_UNAVAILABLE',
  };
  return byStatus[status] ?? (status >= 500 ? 'INTERNAL' : 'HTTP_ERROR');
}

function throwError(error: ApiError): never {
  throw error;
}

/**
 * Runs a better-auth client call and unwraps it (see {@link unwrapAuthResult}); a fetch that throws (offline) becomes
 * ApiError NETWORK_ERROR.
 */
export async function callAuth<T>(call: (client: AuthClient) => Promise<AuthResult<T>>): Promise<T> {
  const client = await loadAuthClient();
  let result: AuthResult<T>;
  try {
    result = await call(client);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached. Check your connection.', { cause: error });
  }
  return unwrapAuthResult(result);
}
