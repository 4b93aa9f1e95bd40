import { bodyLimit } from 'hono/body-limit';
import type { MiddlewareHandler } from 'hono';
import { AppError } from '../errors';

/** The body limit of small JSON writes (a few fields), bytes. */
export const SMALL_JSON_BODY_LIMIT_BYTES = 8 * 1024;

/**
 * Refuses a request body larger than `maxBytes` with 413 PAYLOAD_TOO_LARGE, before the handler reads it (Hono's bodyLimit:
 * a declared Content-Length over the limit is refused unread; a streamed body is cut off once it passes the limit).
 */
export function limitBody(maxBytes: number): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      const size = maxBytes >= 1024 ? `${Math.round(maxBytes / 1024)} kB` : `${maxBytes} bytes`;
      throw new AppError('PAYLOAD_TOO_LARGE', `body must be at most ${size}`);
    },
  });
}
