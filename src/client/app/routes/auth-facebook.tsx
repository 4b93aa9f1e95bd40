import { ProviderStartPage } from '@/client/features/auth/components/provider-start-page';

/**
 * Route module of `/auth/facebook` (docs/product.md, Screens): starts Facebook sign-in at once; on failure the same 'Sign-in Error'
 * page as /auth (naming Facebook), with Close. In-app browsers get 'Continue in Safari to sign in with Facebook'.
 */
export function Component() {
  return <ProviderStartPage provider="facebook" />;
}
