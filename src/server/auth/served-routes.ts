/**
 * The better-auth endpoints Barback serves over HTTP, under /api/auth. better-auth mounts many more (email and password,
 * email change, provider access tokens, its own account deletion, OTP by mail, the organization plugin...) that the app
 * either has switched off or does through its own routes; each is one more door for a stolen session or a forged form,
 * so the server answers 404 for any path not listed here. What each endpoint demands: docs/security.md.
 */

/** A served endpoint: its method and its path under /api/auth (a `:name` segment matches one path segment). */
export interface ServedAuthEndpoint {
  method: 'GET' | 'POST';
  path: string;
}

/** Every endpoint served, grouped by what it is for. */
export const SERVED_AUTH_ENDPOINTS: readonly ServedAuthEndpoint[] = [
  // The session: read it (the page and the native app), end it.
  { method: 'GET', path: '/get-session' },
  { method: 'POST', path: '/get-session' },
  { method: 'POST', path: '/sign-out' },
  { method: 'GET', path: '/list-sessions' },
  // Sign-in by emailed link.
  { method: 'POST', path: '/sign-in/magic-link' },
  { method: 'GET', path: '/magic-link/verify' },
  // A provider's redirect back (Google and Facebook; the test issuer in NODE_ENV=test). Starts go through /api/session.
  { method: 'GET', path: '/callback/:id' },
  { method: 'POST', path: '/callback/:id' },
  // The account: its name and picture, its sign-in methods.
  { method: 'POST', path: '/update-user' },
  { method: 'GET', path: '/list-accounts' },
  { method: 'POST', path: '/unlink-account' },
  // Two-factor by authenticator app (TOTP) and backup codes.
  { method: 'POST', path: '/two-factor/enable' },
  { method: 'POST', path: '/two-factor/verify-totp' },
  { method: 'POST', path: '/two-factor/verify-backup-code' },
  { method: 'POST', path: '/two-factor/get-totp-uri' },
  { method: 'POST', path: '/two-factor/generate-backup-codes' },
  { method: 'POST', path: '/two-factor/disable' },
  // Signed tokens for the native app and partners, and their public keys.
  { method: 'GET', path: '/token' },
  { method: 'GET', path: '/jwks' },
  // better-auth's own error page (where a provider callback without a usable state lands) and its liveness answer.
  { method: 'GET', path: '/error' },
  { method: 'GET', path: '/ok' },
];

/** True when `path` (under /api/auth) matches `pattern`, one segment per `:name`. */
function matchesPath(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return (
    want.length === got.length && want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]))
  );
}

/**
 * True when `method path` is one of {@link SERVED_AUTH_ENDPOINTS}.
 * @param path the path under /api/auth, e.g. `/two-factor/enable` (a trailing slash is not the same path)
 */
export function isServedAuthEndpoint(method: string, path: string): boolean {
  return SERVED_AUTH_ENDPOINTS.some((endpoint) => endpoint.method === method && matchesPath(endpoint.path, path));
}
