import type { BetterAuthPlugin, GenericEndpointContext } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';
import { updateUserRequestSchema } from '@/shared/schemas/session';
import { describeZodError } from '../errors';
import { proveSecondFactor, type TwoFactorRow } from './second-factor-check';

/** providerId of the account row that records "this user signs in with a link emailed to them". */
export const MAGIC_LINK_PROVIDER_ID = 'magic-link';

/** How long a pending two-factor sign-in waits for its code, seconds (the twoFactor plugin's own default). */
export const TWO_FACTOR_CHALLENGE_SECONDS = 600;

/** Query parameter added to the sign-in redirect when a code is still needed: `callbackURL?twoFactor=1`. */
export const TWO_FACTOR_QUERY_PARAM = 'twoFactor';

/** Name of the twoFactor plugin's pending-sign-in cookie (better-auth prefixes it like every auth cookie). */
export const TWO_FACTOR_COOKIE = 'two_factor';

/** Two-factor changes that weaken the second factor: each needs a current code (or a backup code), not just a session. */
const SECOND_FACTOR_GUARDED_PATHS = new Set(['/two-factor/disable', '/two-factor/generate-backup-codes']);

/** Session reads whose answers carry session tokens (stripped before they reach a page script). */
const TOKEN_BEARING_PATHS = new Set(['/get-session', '/list-sessions']);

/** The error codes and messages of the second-factor check. */
export const SECOND_FACTOR_ERRORS = {
  required: {
    code: 'TWO_FACTOR_CODE_REQUIRED',
    message: 'Enter a current code from your authenticator app, or a backup code.',
  },
  invalid: { code: 'INVALID_CODE', message: 'That code is not right. Enter a current code or a backup code.' },
} as const;

/** A session object without its token (the cookie carries it; a page script never needs to read it). */
function withoutToken(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || !('token' in value)) return value;
  const { token: _token, ...rest } = value as Record<string, unknown>;
  return rest;
}

/** The routes that finish a first-factor sign-in outside the twoFactor plugin's own hook (which covers passwords only). */
const FIRST_FACTOR_PATHS = new Set(['/magic-link/verify', '/callback/:id']);

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Makes sure a user who signed in by emailed link has a 'magic-link' account row (accountId: the email, lower case). */
async function recordMagicLinkAccount(ctx: HookContext, user: { id: string; email: string }): Promise<void> {
  const accounts = await ctx.context.internalAdapter.findAccounts(user.id);
  if (accounts.some((account) => account.providerId === MAGIC_LINK_PROVIDER_ID)) return;
  await ctx.context.internalAdapter.createAccount({
    userId: user.id,
    providerId: MAGIC_LINK_PROVIDER_ID,
    accountId: user.email.toLowerCase(),
  });
}

/**
 * Replaces the session a first factor just created by the twoFactor plugin's pending state: the session and its cookie are
 * removed, a challenge (`2fa-<random>` -> user id, plus its attempt counter) is stored in `verification`, and the signed
 * `two_factor` cookie names it, exactly as the plugin does after a password sign-in, so `POST /two-factor/verify-totp` (or
 * verify-backup-code) completes the sign-in.
 */
async function holdForSecondFactor(ctx: HookContext, data: { session: { token: string }; user: { id: string } }) {
  deleteSessionCookie(ctx as unknown as GenericEndpointContext, true);
  await ctx.context.internalAdapter.deleteSession(data.session.token);
  ctx.context.setNewSession(null);
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, { maxAge: TWO_FACTOR_CHALLENGE_SECONDS });
  const identifier = `2fa-${generateRandomString(20)}`;
  const expiresAt = new Date(Date.now() + TWO_FACTOR_CHALLENGE_SECONDS * 1000);
  await ctx.context.internalAdapter.createVerificationValue({ value: data.user.id, identifier, expiresAt });
  await ctx.context.internalAdapter.createVerificationValue({
    value: '0',
    identifier: `2fa-attempts-${identifier}`,
    expiresAt,
  });
  await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
}

/** The Location of a redirect the endpoint answered with, if it did. */
function redirectLocation(returned: unknown): string | null {
  // better-call's redirect error is not the better-auth subclass: test the shape, not the class.
  if (!isAPIError(returned) || returned.statusCode < 300 || returned.statusCode >= 400) return null;
  const headers = returned.headers as Headers | Record<string, string> | undefined;
  if (!headers) return null;
  return headers instanceof Headers ? headers.get('location') : (headers.location ?? headers.Location ?? null);
}

/**
 * Barback's sign-in rules on top of better-auth, as a plugin:
 * - after `/magic-link/verify` creates a session, the user gets a 'magic-link' account row (so linked providers can be
 *   unlinked while the email remains a way in);
 * - after `/magic-link/verify` or an OAuth callback (`/callback/:id`, social and genericOAuth alike) signs in a user who has
 *   two-factor enabled, the new session is swapped for the pending two-factor state and the browser is sent to the same
 *   callbackURL with `?twoFactor=1` (JSON callers get `{twoFactorRedirect: true, twoFactorMethods: ['totp']}`);
 * - `/unlink-account` refuses to remove the 'magic-link' row (400): the emailed link stays available to every account;
 * - `/two-factor/disable` and `/two-factor/generate-backup-codes` need `code`: a current TOTP code or a backup code (400
 *   TWO_FACTOR_CODE_REQUIRED without one, 401 INVALID_CODE for a wrong one), so a session alone cannot remove the second
 *   factor;
 * - the session reads a browser makes (`/get-session`, `/list-sessions`) answer without session tokens;
 * - `/update-user` takes only a text name and an image URL (or null), checked by the shared schema (400 otherwise).
 */
export function barbackSignInPlugin(): BetterAuthPlugin {
  return {
    id: 'barback-sign-in',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/update-user',
          handler: createAuthMiddleware(async (ctx) => {
            const parsed = updateUserRequestSchema.safeParse(ctx.body ?? {});
            if (!parsed.success) {
              throw APIError.from('BAD_REQUEST', {
                code: 'VALIDATION_FAILED',
                message: describeZodError(parsed.error),
              });
            }
          }),
        },
        {
          matcher: (ctx) => SECOND_FACTOR_GUARDED_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            if (!session) return; // the endpoint itself answers 401
            const row = await ctx.context.adapter.findOne<TwoFactorRow>({
              model: 'twoFactor',
              where: [{ field: 'userId', value: session.user.id }],
            });
            if (!row) return; // two-factor is off: the endpoint answers for itself
            const code = (ctx.body as { code?: unknown } | undefined)?.code;
            if (typeof code !== 'string' || code.trim() === '') {
              throw APIError.from('BAD_REQUEST', SECOND_FACTOR_ERRORS.required);
            }
            const key = (ctx.context as { secretConfig?: unknown }).secretConfig ?? ctx.context.secret;
            if (!(await proveSecondFactor(row, code, key))) {
              throw APIError.from('UNAUTHORIZED', SECOND_FACTOR_ERRORS.invalid);
            }
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/unlink-account',
          handler: createAuthMiddleware(async (ctx) => {
            const accountId = (ctx.body as { accountId?: unknown } | undefined)?.accountId;
            if (typeof accountId !== 'string') return;
            const target = await ctx.context.adapter.findOne<{ providerId: string }>({
              model: 'account',
              where: [{ field: 'id', value: accountId }],
            });
            if (target?.providerId === MAGIC_LINK_PROVIDER_ID) {
              throw APIError.from('BAD_REQUEST', {
                code: 'EMAIL_SIGN_IN_CANNOT_BE_UNLINKED',
                message: 'Sign-in by email link cannot be removed; unlink Google or Facebook instead.',
              });
            }
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => TOKEN_BEARING_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            if (!ctx.request) return; // the server's own reads keep what they need
            const returned = ctx.context.returned;
            if (!returned || typeof returned !== 'object' || returned instanceof Error) return;
            if (Array.isArray(returned)) return ctx.json(returned.map(withoutToken));
            if ('session' in returned) {
              const { session } = returned as { session: unknown };
              return ctx.json({ ...returned, session: withoutToken(session) });
            }
          }),
        },
        {
          matcher: (ctx) => FIRST_FACTOR_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const data = ctx.context.newSession;
            if (!data) return;
            if (ctx.path === '/magic-link/verify') await recordMagicLinkAccount(ctx, data.user);
            if (!data.user.twoFactorEnabled) return;
            await holdForSecondFactor(ctx, data);
            const location = redirectLocation(ctx.context.returned);
            if (!location) return ctx.json({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
            const target = new URL(location, ctx.context.baseURL);
            target.searchParams.set(TWO_FACTOR_QUERY_PARAM, '1');
            throw ctx.redirect(target.toString());
          }),
        },
      ],
    },
  };
}
