import { z } from 'zod';

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
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export const apiErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** `GET /api/health` answer. status 'ok' with 200, or 'unavailable' with 503 when the database does not answer. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.object({
    reachable: z.boolean(),
    dialect: z.enum(['sqlite', 'postgres']),
    latencyMs: z.number().nullable(),
  }),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;
