/** What the sign-in callback's URL (`/auth/callback?...`) says, as {@link readCallbackParams} reads it. */
export interface CallbackParams {
  /** better-auth's `?error=` code, or null. */
  error: string | null;
  /** better-auth's `?error_description=`, or null. */
  errorDescription: string | null;
  /** True for `?twoFactor=1`: the sign-in still needs the authenticator or a backup code. */
  twoFactor: boolean;
  /** True for `?new=1` (the magic link's newUserCallbackURL): the account was created by this sign-in. */
  newUser: boolean;
  /** How the user signed in (`?method=`: 'magic-link', 'google', 'facebook'), 'unknown' when absent. */
  method: string;
}

/** Reads the callback URL: better-auth's `?error=` (and `error_description`), the `twoFactor=1` step, `new=1`, `method`. */
export function readCallbackParams(params: URLSearchParams): CallbackParams {
  return {
    error: params.get('error'),
    errorDescription: params.get('error_description'),
    twoFactor: params.get('twoFactor') === '1',
    newUser: params.get('new') === '1',
    method: params.get('method') ?? 'unknown',
  };
}
