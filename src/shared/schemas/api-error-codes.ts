// Plain data, no zod: the client's first page load reads these without the schema library.

/**
 * The one error shape of the API: every 4xx/5xx answers `{"error": {"code", "message"}}`.
 * Codes are stable identifiers clients may switch on; messages are for people and name the bad field where there is one.
 */
export const API_ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
  /** A sign-in provider (Google, Facebook) has no client configured on this server: 503. */
  'PROVIDER_NOT_CONFIGURED',
  /** An email could not be handed to the mail server: 502. */
  'MAIL_FAILED',
  /** A paid route asked by a user without the plan it needs (pro or enterprise): 403. */
  'ENTITLEMENT_REQUIRED',
  /** Payments are not configured on this server (no REVENUECAT_WEBHOOK_AUTH): 503. */
  'PAYMENTS_NOT_CONFIGURED',
  /** RevenueCat's API failed or did not answer in time; nothing was changed: 502. */
  'STORE_UNAVAILABLE',
  /** Every staff seat of a venue is taken (members but the owner, and waiting invitations): 409. */
  'SEAT_LIMIT_REACHED',
  /**
   * An uploaded image was refused: not a JPEG, PNG or WebP (by its bytes), over 10 MB, damaged, or too many pixels to
   * decode safely (server/uploads/image.ts): 400. The message says which, for people.
   */
  'IMAGE_INVALID',
  /**
   * An `Idempotency-Key` sent again with another method or path than the write it was first used on (a key names one
   * write): 422. Nothing was run; send a fresh key for a different write.
   */
  'IDEMPOTENCY_KEY_REUSED',
  /**
   * An `Idempotency-Key` whose first request is still running (a duplicate sent at the same time): 409. Nothing was run;
   * try again shortly to read the first request's answer.
   */
  'IDEMPOTENCY_IN_PROGRESS',
  /**
   * A write sent with `Barback-Write-Age` (a change queued on the device while offline) is older than the value the
   * server holds, changed since by another device: 409. Nothing was written; the newer value was kept.
   */
  'WRITE_CONFLICT',
] as const;
/** One of the API's stable error codes. */
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/**
 * Codes the client gives a failed call that has no API error body: `NETWORK_ERROR` (no answer: offline, DNS),
 * `BAD_RESPONSE` (a 2xx body that is not JSON or not of the expected shape), `HTTP_ERROR` (an error status without the
 * API's error body, e.g. from a proxy), `OFFLINE` (the service worker's 503 when the network is away and the device
 * keeps no copy of the answer: src/client/lib/offline/worker-api.ts).
 */
export const CLIENT_ERROR_CODES = ['NETWORK_ERROR', 'BAD_RESPONSE', 'HTTP_ERROR', 'OFFLINE'] as const;
/** What a client-side error carries: an API code, or a client-only code. */
export type ClientErrorCode = ApiErrorCode | (typeof CLIENT_ERROR_CODES)[number];

/** True when `code` is one of the API's stable error codes. */
export function isApiErrorCode(code: unknown): code is ApiErrorCode {
  return (API_ERROR_CODES as readonly unknown[]).includes(code);
}
