/** The published sign-in operations: better-auth's served endpoints, then the app's own session routes. */
import * as devTools from '@/shared/schemas/dev-tools';
import * as session from '@/shared/schemas/session';
import * as token from '@/shared/schemas/token';
import { op, type ApiOperation } from './operation';

const PROVIDERS = { id: ['google', 'facebook'] } as const;

/** better-auth's endpoints served under /api/auth (the rest answer 404: src/server/auth/served-routes.ts), /api/session and the published keys. */
export const SIGN_IN_OPERATIONS: readonly ApiOperation[] = [
  op('GET', '/api/auth/get-session', 'Sign-in', 'public', 'The current session, or null', {
    response: session.sessionDataSchema.nullable(),
  }),
  op('POST', '/api/auth/get-session', 'Sign-in', 'public', 'The current session (POST form, for the native app)', {
    response: session.sessionDataSchema.nullable(),
  }),
  op('POST', '/api/auth/sign-out', 'Sign-in', 'session', 'Ends this session'),
  op('GET', '/api/auth/list-sessions', 'Sign-in', 'session', "better-auth's list of the account's sessions"),
  op('POST', '/api/auth/sign-in/magic-link', 'Sign-in', 'public', 'Mails a sign-in link', {
    body: session.magicLinkRequestSchema,
  }),
  op('GET', '/api/auth/magic-link/verify', 'Sign-in', 'public', 'Opens a mailed link: sets the session, redirects', {
    status: 302,
  }),
  op('GET', '/api/auth/callback/:id', 'Sign-in', 'public', "A provider's redirect back (Google, Facebook)", {
    pathChoices: PROVIDERS,
    status: 302,
  }),
  op('POST', '/api/auth/callback/:id', 'Sign-in', 'public', "A provider's form-post back", {
    pathChoices: PROVIDERS,
    status: 302,
  }),
  op('POST', '/api/auth/update-user', 'Account', 'session', 'Changes the name or picture', {
    body: session.updateUserRequestSchema,
  }),
  op('GET', '/api/auth/list-accounts', 'Account', 'session', 'The sign-in methods linked to the account'),
  op('POST', '/api/auth/unlink-account', 'Account', 'session', 'Unlinks a sign-in method (never the last)'),
  op('POST', '/api/auth/two-factor/enable', 'Account', 'session', 'Starts two-factor setup'),
  op('POST', '/api/auth/two-factor/verify-totp', 'Account', 'public', 'Checks an authenticator code', {
    body: session.totpVerifyRequestSchema,
  }),
  op('POST', '/api/auth/two-factor/verify-backup-code', 'Account', 'public', 'Checks a backup code', {
    body: session.backupCodeVerifyRequestSchema,
  }),
  op('POST', '/api/auth/two-factor/get-totp-uri', 'Account', 'session', 'The authenticator URI (needs a current code)'),
  op('POST', '/api/auth/two-factor/generate-backup-codes', 'Account', 'session', 'New backup codes'),
  op('POST', '/api/auth/two-factor/disable', 'Account', 'session', 'Turns two-factor off'),
  op('GET', '/api/auth/token', 'Sign-in', 'session', 'A signed token for the native app and partners', {
    response: token.apiTokenResponseSchema,
  }),
  op('GET', '/api/auth/jwks', 'Sign-in', 'public', 'The public keys tokens are signed with', {
    response: token.jwksSchema,
  }),
  op('GET', '/api/auth/error', 'Sign-in', 'public', "better-auth's error page", { produces: 'text/html' }),
  op('GET', '/api/auth/ok', 'Health', 'public', "better-auth's liveness answer"),
  op('GET', '/api/session/providers', 'Sign-in', 'public', 'Which provider sign-ins this server offers', {
    response: session.signInProvidersSchema,
  }),
  op('POST', '/api/session/oauth/:provider', 'Sign-in', 'public', "Starts a provider sign-in: the provider's URL", {
    params: session.oauthProviderParamSchema,
    body: session.oauthStartSchema,
    checkedInHandler: true,
    response: session.oauthStartResponseSchema,
  }),
  op('POST', '/api/session/recovery', 'Sign-in', 'public', 'Mails an account-recovery link', {
    body: devTools.recoveryEmailSchema,
    checkedInHandler: true,
    response: session.recoveryEmailResponseSchema,
  }),
  op('GET', '/.well-known/jwks.json', 'Sign-in', 'public', 'The public keys tokens are signed with', {
    response: token.jwksSchema,
  }),
];
