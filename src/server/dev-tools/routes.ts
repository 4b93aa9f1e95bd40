import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import { recoveryEmailHandler, type Auth } from '../auth';
import type { SessionReader } from '../http/current-session';
import { sameOriginGuard } from '../http/origin-guard';
import type { RateLimiter } from '../http/rate-limit';
import { isFromThisMachine } from '../http/this-machine';
import { devToolsEnabled, type Config } from '../config';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { listOutbox, type Mailer } from '../mail';
import { describeAuthHealth } from './operations';

/** Whether the dev outbox may be shown to this request: dev tools on, not production, and from this machine. */
function mailboxAllowed(c: Context, config: Pick<Config, 'nodeEnv' | 'devTools' | 'trustProxyHeader'>): boolean {
  if (config.nodeEnv === 'production' || !devToolsEnabled(config)) return false;
  return isFromThisMachine(c, config);
}

/**
 * Developer tools (mounted at /api/dev):
 * - `GET /auth-health` -> the auth configuration (dev-tools/operations.ts; no secret): in production only with DEV_TOOLS=1,
 *   else 404;
 * - `GET /mailbox` -> `{messages}` of the dev outbox, newest first (it holds live sign-in links): only in development or
 *   with DEV_TOOLS=1, never with NODE_ENV=production, and only from the machine itself (http/this-machine.ts); else
 *   404 as for an unknown API route;
 * - `POST /recovery-email` `{email}` -> 200 `{sent: true, email}` (also for unknown emails, which get nothing, after the
 *   same time: see sendRecoveryEmail); in production only with DEV_TOOLS=1, else 404; 400 with
 *   'Please enter an email address' for an empty one; 502 MAIL_FAILED when the mail could not be sent; rate-limited with
 *   the magic links (same buckets).
 */
export function devToolRoutes(deps: {
  db: Kysely<Database>;
  auth: Auth;
  config: Config;
  mailer: Mailer;
  sessions: SessionReader;
  limiter: RateLimiter;
}): Hono {
  const { db, auth, config, mailer, sessions, limiter } = deps;
  const routes = new Hono();

  // In production the diagnostic routes exist only with DEV_TOOLS=1 (the mailbox never): else 404 as for an unknown route.
  const diagnosticsOn = config.nodeEnv !== 'production' || config.devTools;
  const requireDiagnostics: MiddlewareHandler = async (c, next) => {
    if (!diagnosticsOn) throw new AppError('NOT_FOUND', `no API route ${c.req.method} ${c.req.path}`);
    await next();
  };
  routes.use('/auth-health', requireDiagnostics);
  routes.use('/recovery-email', requireDiagnostics);

  routes.get('/auth-health', async (c) => {
    const session = await sessions.read(c);
    return c.json(describeAuthHealth({ config, mailer, session }), 200, { 'Cache-Control': 'no-store' });
  });

  routes.get('/mailbox', async (c) => {
    if (!mailboxAllowed(c, config)) throw new AppError('NOT_FOUND', `no API route GET ${c.req.path}`);
    return c.json({ messages: await listOutbox({ db }) }, 200, { 'Cache-Control': 'no-store' });
  });

  routes.post(
    '/recovery-email',
    sameOriginGuard(config.trustedOrigins),
    recoveryEmailHandler({ db, auth, limiter, config }),
  );

  return routes;
}
