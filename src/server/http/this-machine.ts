import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '../config';
import { AppError } from '../errors';
import { isLoopbackAddress, socketAddress } from './client-address';

/**
 * True when the request comes from the machine the server runs on: a loopback socket address (the socket, never a header
 * the client could set). With TRUST_PROXY_HEADER set the socket is the proxy, so the header must also be present and
 * name only loopback addresses; anything else is refused.
 */
export function isFromThisMachine(c: Context, config: Pick<Config, 'trustProxyHeader'>): boolean {
  if (!isLoopbackAddress(socketAddress(c))) return false;
  if (!config.trustProxyHeader) return true;
  const forwarded = c.req.header(config.trustProxyHeader);
  if (!forwarded) return false;
  return forwarded.split(',').every((address) => isLoopbackAddress(address.trim()));
}

/**
 * Middleware for developer routes that act for whoever asks (the dev outbox, the wrapper simulator): a request from
 * another machine gets 404 NOT_FOUND, as for a route that does not exist ({@link isFromThisMachine}).
 */
export function thisMachineOnly(config: Pick<Config, 'trustProxyHeader'>): MiddlewareHandler {
  return async (c, next) => {
    if (!isFromThisMachine(c, config)) throw new AppError('NOT_FOUND', `no API route ${c.req.method} ${c.req.path}`);
    await next();
  };
}
