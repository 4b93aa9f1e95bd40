import { SIGN_IN_TEXT } from './sign-in-text';

/**
 * The wording of sign-in failures: errors the API answers when a sign-in starts, and the `?error=` codes better-auth and
 * the OAuth providers send back to /auth/callback.
 */

/** The shape of the errors the API client throws (ApiError), read structurally so this file needs no import. */
interface ErrorLike {
  status?: unknown;
  code?: unknown;
  message?: unknown;
}

/**
 * What to tell a person whose sign-in request failed: the server's own message when it has a useful one (a provider that
 * is not configured, a rate limit), a plain sentence for a lost connection, otherwise 'Something went wrong. Please try
 * again.'.
 */
export function signInErrorMessage(error: unknown): string {
  const { status, code, message } = (error ?? {}) as ErrorLike;
  const text = typeof message === 'string' ? message.trim() : '';
  if (status === 429 || code === 'RATE_LIMITED') {
    // The server says 'Too many requests. Please try again in 5 minutes.': keep its wait, not its first sentence.
    const wait = code === 'RATE_LIMITED' ? text.replace(/^too many [^.]*\.\s*/i, '') : '';
    return `Too many sign-in attempts. ${wait || 'Please wait a few minutes and try again.'}`;
  }
  if (code === 'NETWORK_ERROR') return 'The server could not be reached. Check your connection and try again.';
  if (code === 'PROVIDER_NOT_CONFIGURED' || code === 'MAIL_FAILED') return text || SIGN_IN_TEXT.failedFallback;
  if (typeof status === 'number' && status >= 400 && status < 500 && text) return text;
  return SIGN_IN_TEXT.failedFallback;
}

/** Messages for the `?error=` codes better-auth and the OAuth providers send back to /auth/callback. */
const CALLBACK_ERRORS: Record<string, string> = {
  INVALID_TOKEN: 'This sign-in link is invalid, has expired or was already used. Request a new one.',
  EXPIRED_TOKEN: 'This sign-in link has expired. Request a new one.',
  access_denied: 'Sign-in was cancelled.',
  state_mismatch: 'The sign-in was started in another browser or took too long. Please start again.',
  please_restart_the_process: 'The sign-in took too long. Please start again.',
  invalid_code: 'The provider did not confirm the sign-in. Please try again.',
  no_code: 'The provider did not confirm the sign-in. Please try again.',
  email_not_found: 'The provider did not share an email address, which Barback needs to sign you in.',
  unable_to_get_user_info: 'The provider did not share your profile. Please try again.',
  account_not_linked:
    'This email already has a Barback account. Sign in with your email link, then link this provider in Settings.',
  unable_to_link_account: 'That account could not be linked. Please try again.',
  "email_doesn't_match": 'That account uses a different email address than your Barback account.',
  account_already_linked_to_different_user: 'That account is already linked to another Barback account.',
  signup_disabled: 'New accounts cannot be created right now.',
  new_user_signup_disabled: 'New accounts cannot be created right now.',
  failed_to_create_user: 'Your account could not be created. Please try again.',
  failed_to_create_session: 'Your session could not be started. Please try again.',
};

/**
 * The message for a callback error: the known wording for `code`, else the provider's description, else the code in plain
 * words ('some_error' -> 'Some error').
 */
export function callbackErrorMessage(code: string, description?: string | null): string {
  const known = CALLBACK_ERRORS[code];
  if (known) return known;
  if (description && description.trim()) return description.trim();
  const words = code.replace(/[_-]+/g, ' ').trim();
  if (!words) return SIGN_IN_TEXT.failedFallback;
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase() + '.';
}
