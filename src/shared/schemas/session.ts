import { z } from 'zod';
import { ENTITLEMENT_NAMES, PLAN_NAMES } from '../domain/plans';
import { emailFieldSchema } from './support';
import { isSameOriginPath, MAX_SAME_ORIGIN_PATH_LENGTH } from '../same-origin-path';
import { ONE_LINE_TEXT, oneLineMessage } from './text';

/**
 * What the session read (`GET /api/auth/get-session`) adds to its user: the active entitlements, the plan derived from
 * them (app_metadata.entitlements in docs/product.md, Records) and whether a paid plan lapsed, computed by the server
 * at the time of the read.
 */
export const appMetadataSchema = z.object({
  entitlements: z.array(z.enum(ENTITLEMENT_NAMES)),
  plan: z.enum(PLAN_NAMES),
  /**
   * True when the user's paid plan ended (an entitlement row past its end, none active: hasLapsed in domain/plans.ts): the
   * pages keep their data readable with a note and an /upgrade link. Absent reads as false.
   */
  lapsed: z.boolean().optional(),
});
export type AppMetadata = z.infer<typeof appMetadataSchema>;

/**
 * The signed-in user as the API reports it (`GET /api/auth/get-session`'s user, `GET /api/me`'s user). Dates are ISO 8601
 * strings; twoFactorEnabled is true once the user finished turning on TOTP two-factor.
 */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Present on the session read the browser makes; absent where the server reads a session for its own checks. */
  appMetadata: appMetadataSchema.optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** The session itself (its token never leaves the cookie). expiresAt, createdAt: ISO 8601; 7 days, extended in use. */
export const sessionInfoSchema = z.object({
  id: z.string(),
  userId: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** What a signed-in visitor's session read answers: the user and the session. */
export const sessionDataSchema = z.object({ user: sessionUserSchema, session: sessionInfoSchema });
export type SessionData = z.infer<typeof sessionDataSchema>;

/** The sign-in providers Barback offers (docs/product.md, What Barback is). */
export const OAUTH_PROVIDERS = ['google', 'facebook'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** Path parameter of `POST /api/session/oauth/:provider`. */
export const oauthProviderParamSchema = z.object({
  provider: z.enum(OAUTH_PROVIDERS, { error: 'provider must be google or facebook' }),
});

/** Where the browser lands after a provider sign-in when the caller names no callbackURL (docs/product.md, Screens). */
export const AUTH_CALLBACK_PATH = '/auth/callback';

/** A same-origin path, by the rule every sign-in callback follows ({@link isSameOriginPath}); at most 2000 characters. */
const sameOriginPath = (field: string) =>
  z
    .string()
    .max(MAX_SAME_ORIGIN_PATH_LENGTH, `${field} must be at most ${MAX_SAME_ORIGIN_PATH_LENGTH} characters`)
    .refine(isSameOriginPath, { message: `${field} must be a path on this site, starting with /` });

/**
 * Body of `POST /api/session/oauth/:provider`: where to land after success (default /auth/callback) and after a failure
 * (default the callbackURL, with `?error=...`), Google's account chooser or consent prompt, extra scopes, offline access,
 * and `link` to link the provider to the signed-in user instead of signing in.
 */
export const oauthStartSchema = z.strictObject({
  callbackURL: sameOriginPath('callbackURL').default(AUTH_CALLBACK_PATH),
  errorCallbackURL: sameOriginPath('errorCallbackURL').optional(),
  prompt: z.enum(['select_account', 'consent'], { error: 'prompt must be select_account or consent' }).optional(),
  scopes: z
    .array(z.string().regex(/^[\w.:/-]{1,200}$/, 'scopes must be scope names'))
    .max(20, 'scopes must hold at most 20 scopes')
    .optional(),
  accessType: z.literal('offline', { error: 'accessType must be offline' }).optional(),
  link: z.boolean({ error: 'link must be true or false' }).optional(),
});
/** The body as the server reads it (defaults applied). */
export type OAuthStart = z.output<typeof oauthStartSchema>;
/** The body as a client sends it (every field optional). */
export type OAuthStartOptions = z.input<typeof oauthStartSchema>;

/** `POST /api/session/oauth/:provider` answer: the provider's authorize URL to navigate to. */
export const oauthStartResponseSchema = z.object({ url: z.string() });
export type OAuthStartResponse = z.infer<typeof oauthStartResponseSchema>;

/**
 * `GET /api/session/providers` answer: which provider sign-ins this server offers, so the sign-in screens can show an
 * unavailable provider as such before anyone presses it.
 */
export const signInProvidersSchema = z.object({ google: z.boolean(), facebook: z.boolean() });
export type SignInProviders = z.infer<typeof signInProvidersSchema>;

/** Digits of a TOTP code (better-auth's default: 6 digits every 30 s, RFC 6238). */
export const TOTP_DIGITS = 6;

/** Body of `POST /api/auth/two-factor/verify-totp` (and of turning two-factor off): a 6-digit code from the app. */
export const totpVerifyRequestSchema = z.object({
  code: z
    .string({ error: 'code is required' })
    .trim()
    .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), `code must be ${TOTP_DIGITS} digits`),
});
export type TotpVerifyRequest = z.infer<typeof totpVerifyRequestSchema>;

/** Body of `POST /api/auth/two-factor/verify-backup-code`: one of the saved backup codes (4 to 64 characters, trimmed). */
export const backupCodeVerifyRequestSchema = z.object({
  code: z
    .string({ error: 'code is required' })
    .trim()
    .min(4, 'code must be at least 4 characters')
    .max(64, 'code must be at most 64 characters'),
});
export type BackupCodeVerifyRequest = z.infer<typeof backupCodeVerifyRequestSchema>;

/**
 * What the sign-in dialog needs before it asks for a magic link (`POST /api/auth/sign-in/magic-link` takes the email):
 * a valid address and the age confirmation ticked (docs/product.md, Validation).
 */
export const magicLinkRequestSchema = z.object({
  email: emailFieldSchema,
  ageConfirmed: z.literal(true, { error: 'ageConfirmed must be true' }),
});
/** The form's values (the age box may be unticked). */
export type MagicLinkRequestInput = { email: string; ageConfirmed: boolean };
export type MagicLinkRequest = z.output<typeof magicLinkRequestSchema>;

/** Longest display name, characters. */
export const MAX_USER_NAME_LENGTH = 200;

/**
 * Body of `POST /api/auth/update-user` as Barback accepts it (better-auth does not check the types itself): a display name
 * (text of at most 200 characters) and/or a profile image (a URL of at most 2000 characters, or null to remove it); no
 * other field.
 */
export const updateUserRequestSchema = z.strictObject({
  name: z
    .string({ error: 'name must be text' })
    .max(MAX_USER_NAME_LENGTH, `name must be at most ${MAX_USER_NAME_LENGTH} characters`)
    .regex(ONE_LINE_TEXT, oneLineMessage('name'))
    .optional(),
  image: z
    .union([z.url({ error: 'image must be a URL' }).max(2000, 'image must be at most 2000 characters'), z.null()], {
      error: 'image must be a URL or null',
    })
    .optional(),
});

/** The message for an empty email in the recovery form and the reset tool (docs/product.md, Validation). */
export const EMPTY_EMAIL_MESSAGE = 'Please enter an email address';

/**
 * Body of `POST /api/session/recovery` (the sign-in dialog's 'Trouble signing in?') and of the reset tool's
 * `POST /api/dev/recovery-email`: an email (EMPTY_EMAIL_MESSAGE when it is empty).
 */
export const recoveryEmailSchema = z.object({
  email: z
    .string({ error: EMPTY_EMAIL_MESSAGE })
    .trim()
    .min(1, EMPTY_EMAIL_MESSAGE)
    .max(320, 'email must be at most 320 characters')
    .pipe(z.email('email must be a valid email address')),
});
export type RecoveryEmailRequest = z.infer<typeof recoveryEmailSchema>;

/** Answer to a recovery request: the same for known and unknown addresses, so it tells nobody who has an account. */
export const recoveryEmailResponseSchema = z.object({ sent: z.literal(true), email: z.string() });
export type RecoveryEmailResponse = z.infer<typeof recoveryEmailResponseSchema>;

export { magicLinkVerifyPath, RECOVERY_LINK } from '../recovery-link';
