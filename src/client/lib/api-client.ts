import type { ApiErrorBody } from '@/shared/schemas/api-error';
import type { ClientErrorCode } from '@/shared/schemas/api-error-codes';

/**
 * The one way the client talks to the Barback API (same origin, `/api/...`).
 *
 * Every non-2xx answer becomes an {@link ApiError} carrying the HTTP status and the API's error code. A 2xx body is
 * validated with the caller's parser when one is given (e.g. a zod schema's `parse` on a screen that already loads zod);
 * the catalogue's hot paths pass none and rely on the API's typed contract, which the server's tests pin, so the first
 * page load does not have to carry the schema library (the 120 kB budget).
 */

/**
 * An API call that did not succeed.
 * - `status`: HTTP status (0 when the request never got an answer: offline, DNS, aborted).
 * - `code`: the API's stable error code (`NOT_FOUND`, `VALIDATION_FAILED`...), or a client-side code:
 *   `NETWORK_ERROR` (no answer), `BAD_RESPONSE` (a body that is not JSON or not of the expected shape),
 *   `HTTP_ERROR` (an error status without the API's error body).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ClientErrorCode;
  /** better-auth's own error code (e.g. INVALID_CODE, SESSION_NOT_FRESH) when the answer came from /api/auth. */
  readonly authCode: string | undefined;

  constructor(
    status: number,
    code: ClientErrorCode,
    message: string,
    options?: { cause?: unknown; authCode?: string },
  ) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.authCode = options?.authCode;
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A validator for a success body: anything with zod's `safeParse` shape (every zod schema is one).
 */
export interface BodyParser<T> {
  safeParse(body: unknown): { success: true; data: T } | { success: false; error: unknown };
}

/**
 * True when `body` is the API's error shape `{"error": {"code", "message"}}` (checked by hand: the first page load does
 * not carry the schema library; the server only ever sends codes of API_ERROR_CODES).
 */
function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const error = (body as { error?: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/**
 * Calls the API and returns its body.
 *
 * @param path an absolute path on this origin, e.g. `/api/cocktails?q=gin`.
 * @param parser validates the success body (e.g. a zod schema), or null to take the body as the API's typed contract `T`.
 * @param init fetch options; `signal` cancels the request (React Query passes one). `Accept: application/json` is added.
 * @returns the body (parsed by `parser` when given).
 * @throws ApiError with the API's status/code/message for error answers; code `NETWORK_ERROR` (status 0) when no answer
 *   came; code `BAD_RESPONSE` when a 2xx body is not JSON or does not match `parser`. An aborted request rethrows the
 *   AbortError as is so React Query can tell cancellation from failure.
 */
export async function apiFetch<T>(
  path: string,
  parser: BodyParser<T> | null,
  init?: RequestInit & { signal?: AbortSignal },
): Promise<T> {
  const headers = new Headers(init?.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');

  let response: Response;
  try {
    response = await fetch(path, { ...init, headers, credentials: init?.credentials ?? 'same-origin' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached. Check your connection.', { cause: error });
  }

  const body = await readJson(response);

  if (!response.ok) {
    if (isApiErrorBody(body)) throw new ApiError(response.status, body.error.code, body.error.message);
    throw new ApiError(response.status, 'HTTP_ERROR', `Request failed with status ${response.status}`);
  }

  const where = path.split('?')[0];
  if (parser === null) {
    if (body === undefined || typeof body === 'string') {
      throw new ApiError(response.status, 'BAD_RESPONSE', `Unexpected response from ${where}`);
    }
    return body as T;
  }
  const parsed = parser.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(response.status, 'BAD_RESPONSE', `Unexpected response from ${where}`, { cause: parsed.error });
  }
  return parsed.data;
}
