import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import type { ApiErrorBody, ApiErrorCode } from '@/shared/schemas/api-error';

/** What {@link describeZodError} reads of a zod error (zod 4's classic and core errors both have it). */
export interface ZodIssues {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/** What a 503 answer asks the client to wait before trying again, seconds (the Retry-After header). */
export const RETRY_AFTER_SECONDS = 5;

/** The one map from error code to HTTP status. */
export const HTTP_STATUS_BY_CODE: Record<ApiErrorCode, ContentfulStatusCode> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
  PROVIDER_NOT_CONFIGURED: 503,
  MAIL_FAILED: 502,
  ENTITLEMENT_REQUIRED: 403,
  PAYMENTS_NOT_CONFIGURED: 503,
  STORE_UNAVAILABLE: 502,
  SEAT_LIMIT_REACHED: 409,
  IMAGE_INVALID: 400,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_IN_PROGRESS: 409,
  WRITE_CONFLICT: 409,
};

/**
 * The typed error operations throw. `code` is one of the API's stable codes (src/shared/schemas/api-error.ts); `message` is
 * for people and names the bad field where there is one. The HTTP layer turns it into `{"error": {code, message}}` with the
 * status from {@link HTTP_STATUS_BY_CODE}.
 */
export class AppError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AppError';
  }

  /** HTTP status for this error's code. */
  get status(): ContentfulStatusCode {
    return HTTP_STATUS_BY_CODE[this.code];
  }
}

/** Builds the API's error body. */
export function errorBody(code: ApiErrorCode, message: string): ApiErrorBody {
  return { error: { code, message } };
}

/**
 * Turns a zod error into one readable sentence naming the field of its first issue, e.g. "page must be 0 or more" or
 * "events.0.type: Invalid option: expected one of ...". Messages that already start with the field name are kept as they are.
 */
export function describeZodError(error: ZodIssues): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid input';
  const field = issue.path.map(String).join('.');
  if (!field) return issue.message;
  const head = String(issue.path[0]);
  return issue.message.startsWith(head) ? issue.message : `${field}: ${issue.message}`;
}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
  'SQLITE_CANTOPEN',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_IOERR',
  // PostgreSQL: admin shutdown, crash shutdown, cannot connect now, too many connections.
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

const CONNECTION_ERROR_MESSAGES = [
  /database connection is not open/i,
  /driver has already been destroyed/i,
  /cannot use a pool after calling end/i,
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error/i,
  /connection (?:was )?closed/i,
];

/**
 * True when `error` means the database cannot be reached (refused or lost connection, closed handle or pool, busy file),
 * as opposed to a bug or bad data. Such errors answer 503 SERVICE_UNAVAILABLE.
 */
export function isDatabaseUnavailableError(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') break;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && CONNECTION_ERROR_MESSAGES.some((pattern) => pattern.test(message))) return true;
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailableError(inner)))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * What the HTTP layer answers for any thrown value: the status and the body. A database outage, or an error carrying
 * statusCode 503 (better-auth's, when its Redis storage is away), answers 503; other unknown errors a bare 500.
 */
export function toErrorResponse(error: unknown): {
  status: ContentfulStatusCode;
  body: ApiErrorBody;
  expected: boolean;
} {
  if (error instanceof AppError)
    return { status: error.status, body: errorBody(error.code, error.message), expected: true };
  if (error instanceof ZodError) {
    return { status: 400, body: errorBody('VALIDATION_FAILED', describeZodError(error)), expected: true };
  }
  if (isDatabaseUnavailableError(error)) {
    return {
      status: 503,
      body: errorBody('SERVICE_UNAVAILABLE', 'The database is unavailable; please try again shortly.'),
      expected: false,
    };
  }
  if ((error as { statusCode?: unknown } | null)?.statusCode === 503) {
    // better-auth's own 503, e.g. its secondary storage (Redis) away during a session read: redis/secondary-storage.ts.
    const message = error instanceof Error && error.message ? error.message : 'The service is unavailable.';
    return { status: 503, body: errorBody('SERVICE_UNAVAILABLE', message), expected: false };
  }
  return { status: 500, body: errorBody('INTERNAL', 'Something went wrong on our side.'), expected: false };
}
