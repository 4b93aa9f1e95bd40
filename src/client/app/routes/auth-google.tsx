import { ProviderStartPage } from '@/client/features/auth/components/provider-start-page';

/** Scopes /auth/google asks for (docs/product.md, Screens: email and profile). */
export const GOOGLE_SCOPES = ['email', 'profile'];

/**
 * Route module of `/auth/google` (docs/product.md, Screens): starts Google sign-in asking for the email and profile scopes, the
 * consent prompt and offline access. On failure: 'Sign-in Error' with the error message, a toast 'Sign-in failed' and
 * Close.
 */
export function Component() {
  return (
    <ProviderStartPage
      provider="google"
      options={{ scopes: GOOGLE_SCOPES, prompt: 'consent', accessType: 'offline' }}
      failure="message"
    />
  );
}
