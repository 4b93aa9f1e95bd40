import { ProviderStartPage } from '@/client/features/auth/components/provider-start-page';

/**
 * Route module of `/auth` (docs/product.md, Screens): starts Google sign-in at once with the account chooser forced
 * (prompt=select_account). On failure: 'Sign-in Error' / 'Failed to start Google sign-in. Please try again or contact
 * support.' with Close. In-app browsers get the notice to continue in the system browser.
 */
export function Component() {
  return <ProviderStartPage provider="google" options={{ prompt: 'select_account' }} />;
}
