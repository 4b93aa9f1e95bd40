import type { MiddlewareHandler } from 'hono';
import { AppError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The message of the 403 answer to a cross-site write. */
export const CROSS_SITE_MESSAGE = 'Cross-site requests are refused.';

/**
 * Refuses cross-site writes to the server's own routes (better-auth checks its own): a POST, PUT, PATCH or DELETE whose
 * Origin header names another origin than `trustedOrigins`, or which a browser marks `Sec-Fetch-Site: cross-site`, gets
 * 403 FORBIDDEN. Requests without either header (non-browser clients) pass; session cookies are SameSite=Lax as well.
 */
export function sameOriginGuard(trustedOrigins: readonly string[]): MiddlewareHandler {
  const trusted = new Set(trustedOrigins);
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      if (origin !== undefined ? !trusted.has(origin) : c.req.header('sec-fetch-site') === 'cross-site') {
        throw new AppError('FORBIDDEN', CROSS_SITE_MESSAGE);
      }
    }
    await next();
  };
}
