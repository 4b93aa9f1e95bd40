import { SignInCallback } from '@/client/features/auth/components/sign-in-callback';

/**
 * Route module of `/auth/callback`, the sign-in return target (docs/product.md, Screens): loading, then 'Sign-in successful!' (and
 * home or the popup closes 2 s later), 'Sign-in failed' with 'Return to app', 'No session found', or the two-factor code
 * form when the sign-in still needs it.
 */
export function Component() {
  return <SignInCallback />;
}
