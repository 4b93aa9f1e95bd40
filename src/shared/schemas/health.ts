import { z } from 'zod';

/**
 * `GET /api/health` answer: status 'ok' with 200, or 'unavailable' with 503 when the database does not answer.
 * latencyMs: the database round trip in ms (null when it did not answer); uptimeSeconds: the process's uptime in s.
 */
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
