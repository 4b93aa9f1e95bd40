import type { BetterAuthPlugin, GenericEndpointContext } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';
import { updateUserRequestSchema } from '@/shared/schemas/session';
import { describeZodError } from '../errors';
import { proveSecondFactor, type SecondFactorProof, type TwoFactorRow } from './second-factor-check';

/** providerId of the account row that records "this user signs in with a link emailed to them". */
export const MAGIC_LINK_PROVIDER_ID = 'magic-link';

/** How long a pending two-factor sign-in waits for its code, seconds (the twoFactor plugin's own default). */
export const TWO_FACTOR_CHALLENGE_SECONDS = 600;

/** Query parameter added to the sign-in redirect when a code is still needed: `callbackURL?twoFactor=1`. */
export const TWO_FACTOR_QUERY_PARAM = 'twoFactor';

/** Name of the twoFactor plugin's pending-sign-in cookie (better-auth prefixes it like every auth cookie). */
export const TWO_FACTOR_COOKIE = 'two_factor';

/**
 * Two-factor endpoints a session alone must not complete once a secret exists, with the proof each takes: turning
 * two-factor off and replacing the backup codes take a current TOTP code or a backup code; showing the TOTP secret
 * again takes a current TOTP code (a backup code would stay unspent; someone left with backup codes only turns two-factor
 * off with one and enrols again, which makes a new secret). See docs/security.md.
 */
const SECOND_FACTOR_GUARDED_PATHS: ReadonlyMap<string, SecondFactorProof> = new Map([
  ['/two-factor/disable', 'totp-or-backup-code'],
  ['/two-factor/generate-backup-codes', 'totp-or-backup-code'],
  ['/two-factor/get-totp-uri', 'totp'],
]);

/**
 * The one auth answer meant to hand its caller a token: `GET /token`, a signed JWT for the native app (auth/jwt.ts).
 * Every other answer loses its session token before a page script can read it: the cookie carries it.
 */
const TOKEN_ANSWER_PATH = '/token';

/** The error codes and messages of the second-factor check. */
export const SECOND_FACTOR_ERRORS = {
  required: {
    code: 'TWO_FACTOR_CODE_REQUIRED',
    message: 'Enter a current code from your authenticator app, or a backup code.',
  },
  totpRequired: {
    code: 'TWO_FACTOR_CODE_REQUIRED',
    message: 'Enter a current code from your authenticator app.',
  },
  invalid: { code: 'INVALID_CODE', message: 'That code is not right. Enter a current code or a backup code.' },
  totpInvalid: { code: 'INVALID_CODE', message: 'That code is not right. Enter a current code from your app.' },
} as const;

/** An object without its `token` field (the cookie carries the session token; a page script never needs to read it). */
function withoutToken(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || !('token' in value)) return value;
  const { token: _token, ...rest } = value as Record<string, unknown>;
  return rest;
}

/**
 * An auth answer's body without session tokens: a list's entries, the object's own `token` (magic-link verify's JSON
 * form, a two-factor verify) and its `session.token` (the session reads) are dropped. Null when nothing carried one.
 */
export function tokenlessAnswer(returned: unknown): Record<string, unknown> | null {
  if (Array.isArray(returned)) {
    const entries = returned.map(withoutToken);
    return entries.some((entry, index) => entry !== returned[index])
      ? (entries as unknown as Record<string, unknown>)
      : null;
  }
  if (typeof returned !== 'object' || returned === null || returned instanceof Error) return null;
  if (returned instanceof Response) return null;
  const record = returned as Record<string, unknown>;
  const session = withoutToken(record.session);
  if (!('token' in record) && session === record.session) return null;
  const rest = withoutToken(record) as Record<string, unknown>;
  return 'session' in record ? { ...rest, session } : rest;
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
 * - `/two-factor/disable` and `/two-factor/generate-backup-codes` need `code`: a current TOTP code or a backup code;
 *   `/two-factor/get-totp-uri` needs a current TOTP code (400 TWO_FACTOR_CODE_REQUIRED without one, 401 INVALID_CODE
 *   for a wrong one), so a session alone can neither remove the second factor nor read its secret;
 * - no answer a browser gets carries a session token (the session reads, a two-factor verify, magic-link verify's JSON
 *   form), but `GET /token`'s JWT;
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
            const proof = SECOND_FACTOR_GUARDED_PATHS.get(ctx.path ?? '') ?? 'totp';
            const session = await getSessionFromCtx(ctx);
            if (!session) return; // the endpoint itself answers 401
            const row = await ctx.context.adapter.findOne<TwoFactorRow>({
              model: 'twoFactor',
              where: [{ field: 'userId', value: session.user.id }],
            });
            if (!row) return; // two-factor is off: the endpoint answers for itself
            const code = (ctx.body as { code?: unknown } | undefined)?.code;
            if (typeof code !== 'string' || code.trim() === '') {
              const error = proof === 'totp' ? SECOND_FACTOR_ERRORS.totpRequired : SECOND_FACTOR_ERRORS.required;
              throw APIError.from('BAD_REQUEST', error);
            }
            const key = (ctx.context as { secretConfig?: unknown }).secretConfig ?? ctx.context.secret;
            if (!(await proveSecondFactor(row, code, key, proof))) {
              const error = proof === 'totp' ? SECOND_FACTOR_ERRORS.totpInvalid : SECOND_FACTOR_ERRORS.invalid;
              throw APIError.from('UNAUTHORIZED', error);
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
        {
          // Last, so it also sees what the hooks above answered.
          matcher: (ctx) => ctx.path !== TOKEN_ANSWER_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            if (!ctx.request) return; // the server's own calls keep what they need
            const stripped = tokenlessAnswer(ctx.context.returned);
            if (stripped !== null) return ctx.json(stripped);
          }),
        },
      ],
    },
  };
}
