import { healthSchema, type Health } from '@/shared/schemas/health';

/** Result of {@link fetchHealth}: the server's health body, the HTTP status and the round trip time in ms. */
export interface HealthResult {
  health: Health;
  httpStatus: number;
  roundTripMs: number;
}

/**
 * Calls `GET /api/health`. A 503 still carries a health body (status 'unavailable'), so the body is read whatever the status.
 * @throws Error when the server cannot be reached or the body is not a health report.
 */
export async function fetchHealth(signal?: AbortSignal): Promise<HealthResult> {
  const started = performance.now();
  let response: Response;
  try {
    response = await fetch('/api/health', { headers: { Accept: 'application/json' }, signal, cache: 'no-store' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new Error('The server could not be reached.', { cause: error });
  }
  const roundTripMs = Math.round(performance.now() - started);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new Error(`GET /api/health answered ${response.status} without a JSON body.`);
  }
  const parsed = healthSchema.safeParse(body);
  if (!parsed.success) throw new Error(`GET /api/health answered ${response.status} with an unexpected body.`);
  return { health: parsed.data, httpStatus: response.status, roundTripMs };
}
