import type { z } from 'zod';
import { apiErrorBodySchema } from '@/shared/schemas/api-error';

/**
 * The one way the client talks to the Barback API (same origin, `/api/...`).
 *
 * Every non-2xx answer becomes an {@link ApiError} carrying the HTTP status and the API's error code; every 2xx body is
 * validated with the caller's zod schema so components only ever see data of the promised shape.
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
  readonly code: string;

  constructor(status: number, code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
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
 * Calls the API and returns its validated body.
 *
 * @param path an absolute path on this origin, e.g. `/api/cocktails?q=gin`.
 * @param schema the zod schema the success body must match.
 * @param init fetch options; `signal` cancels the request (React Query passes one). `Accept: application/json` is added.
 * @returns the body parsed by `schema`.
 * @throws ApiError with the API's status/code/message for error answers; code `NETWORK_ERROR` (status 0) when no answer
 *   came; code `BAD_RESPONSE` when a 2xx body does not match `schema`. An aborted request rethrows the AbortError as is so
 *   React Query can tell cancellation from failure.
 */
export async function apiFetch<T>(
  path: string,
  schema: z.ZodType<T>,
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
    const parsed = apiErrorBodySchema.safeParse(body);
    if (parsed.success) throw new ApiError(response.status, parsed.data.error.code, parsed.data.error.message);
    throw new ApiError(response.status, 'HTTP_ERROR', `Request failed with status ${response.status}`);
  }

  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(response.status, 'BAD_RESPONSE', `Unexpected response from ${path.split('?')[0]}`, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}
