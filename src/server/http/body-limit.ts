import { bodyLimit } from 'hono/body-limit';
import type { MiddlewareHandler } from 'hono';
import { AppError } from '../errors';

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
