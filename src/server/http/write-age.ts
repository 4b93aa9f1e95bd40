import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from '../errors';

/**
 * The conflict rule of writes queued offline: a write sent with `Barback-Write-Age: <ms>` was made that long ago on the
 * device. Where another device may have changed the same value since (a favorite, a rating, a note, a bottle of My Bar,
 * an own recipe), the route hands when the write was made (server now minus the age, {@link writeMadeAt}) to its
 * operation, which compares it with the stored value's last change (its deletion included) in the same step as the
 * write (lib/newer-change.ts), and the older write loses: 409 WRITE_CONFLICT, nothing written. Without the header a
 * write applies as it always did.
 */

/** The request header: how long ago the write was made on the device, whole milliseconds from 0 to 30 days. */
export const WRITE_AGE_HEADER = 'Barback-Write-Age';
/** The largest age accepted, ms (30 days). */
export const MAX_WRITE_AGE_MS = 2_592_000_000;
/** The message of the 409 answer to a write older than the stored value. */
export const WRITE_CONFLICT_MESSAGE = 'A newer change from another device was kept.';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** When each request's write was made, ms since the epoch (null: no header), fixed when the request arrived. */
const madeAtByRequest = new WeakMap<Request, number | null>();

/**
 * The age of a request's Barback-Write-Age header.
 * @param value the header's value (undefined when absent).
 * @returns the age in ms, or null when the header is absent.
 * @throws AppError VALIDATION_FAILED when present but not a whole number of ms from 0 to {@link MAX_WRITE_AGE_MS}.
 */
export function parseWriteAge(value: string | undefined): number | null {
  if (value === undefined) return null;
  const age = /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  if (!(age <= MAX_WRITE_AGE_MS)) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${WRITE_AGE_HEADER} must be a whole number of milliseconds from 0 to ${MAX_WRITE_AGE_MS} (30 days)`,
    );
  }
  return age;
}

/**
 * Middleware for the writes (POST, PUT, PATCH, DELETE) under /api/me: checks a Barback-Write-Age header and fixes when
 * the write was made (the clock at arrival minus the age) for {@link writeMadeAt}. Reads pass untouched.
 * @param now the clock, ms since the epoch (tests pass their own).
 * @throws AppError VALIDATION_FAILED (400) for a malformed header.
 */
export function writeAgeHeader({ now = Date.now }: { now?: () => number } = {}): MiddlewareHandler {
  return async (c, next) => {
    if (WRITE_METHODS.has(c.req.method)) {
      const age = parseWriteAge(c.req.header(WRITE_AGE_HEADER));
      madeAtByRequest.set(c.req.raw, age === null ? null : now() - age);
    }
    await next();
  };
}

/**
 * When the request's write was made on the device, ms since the epoch: server now minus Barback-Write-Age (fixed by
 * {@link writeAgeHeader} when it ran; read from the header now otherwise), or null without the header.
 * @throws AppError VALIDATION_FAILED for a malformed header.
 */
export function writeMadeAt(c: Context): number | null {
  const fixed = madeAtByRequest.get(c.req.raw);
  if (fixed !== undefined) return fixed;
  const age = parseWriteAge(c.req.header(WRITE_AGE_HEADER));
  return age === null ? null : Date.now() - age;
}
