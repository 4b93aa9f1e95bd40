import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Auth } from '../auth/auth';
import { sameOriginGuard } from '../auth/origin-guard';
import { RATE_LIMITS, rateLimitedResponse, type RateLimiter } from '../auth/rate-limit';
import { magicLinkBuckets } from '../auth/routes';
import type { SessionReader } from '../auth/session';
import { devToolsEnabled, type Config } from '../config';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { readJsonBody } from '../http/read-json-body';
import type { Mailer } from '../mail/mailer';
import { listOutbox } from '../mail/outbox';
import { describeAuthHealth, sendRecoveryEmail } from './operations';

/** The spec's message for the reset tool's empty email (section 5). */
export const EMPTY_EMAIL_MESSAGE = 'Please enter an email address';

/** Body of `POST /api/dev/recovery-email`. */
export const recoveryEmailSchema = z.object({
  email: z
    .string({ error: EMPTY_EMAIL_MESSAGE })
    .trim()
    .min(1, EMPTY_EMAIL_MESSAGE)
    .pipe(z.email('email must be a valid email address')),
});

/**
 * Developer tools (mounted at /api/dev):
 * - `GET /auth-health` -> the auth configuration (dev-tools/operations.ts), in every mode: it shows no secret;
 * - `GET /mailbox` -> `{messages}` of the dev outbox, newest first; only in development or with DEV_TOOLS=1, else 404;
 * - `POST /recovery-email` `{email}` -> 200 `{sent: true, email}` (also for unknown emails, which get nothing); 400 with
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

  routes.get('/auth-health', async (c) => {
    const session = await sessions.read(c);
    return c.json(describeAuthHealth({ config, mailer, session }), 200, { 'Cache-Control': 'no-store' });
  });

  routes.get('/mailbox', async (c) => {
    if (!devToolsEnabled(config)) throw new AppError('NOT_FOUND', `no API route GET ${c.req.path}`);
    return c.json({ messages: await listOutbox({ db }) }, 200, { 'Cache-Control': 'no-store' });
  });

  routes.post('/recovery-email', sameOriginGuard(config.trustedOrigins), async (c) => {
    const decision = await limiter.consume(RATE_LIMITS.magicLink, await magicLinkBuckets(c, config.trustProxyHeader));
    if (!decision.allowed) return rateLimitedResponse(c, decision.retryAfterSeconds);
    const body = (await readJsonBody(c.req.raw)) as { email?: unknown } | null;
    // The spec's exact words for an empty email, without a field prefix.
    const raw = body && typeof body === 'object' ? body.email : undefined;
    if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
      throw new AppError('VALIDATION_FAILED', EMPTY_EMAIL_MESSAGE);
    }
    const { email } = recoveryEmailSchema.parse(body);
    return c.json(await sendRecoveryEmail({ db, auth, email, headers: c.req.raw.headers }));
  });

  return routes;
}
