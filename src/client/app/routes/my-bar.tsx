import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation, useNavigate } from 'react-router';
import { featureFlags } from '@/client/config/feature-flags';
import { hrefs, paths } from '@/client/config/paths';
import { SignInRequired } from '@/client/features/account/components/sign-in-required';
import { RecipeModalHost } from '@/client/features/catalogue/components/recipe-modal-host';
import { CardCollectionsSlot } from '@/client/features/collections/components/recipe-notes-slot';
import { useRecipeParam } from '@/client/features/catalogue/hooks/use-recipe-param';
import { track } from '@/client/lib/analytics';
import { useSession } from '@/client/lib/session';
import { openSignInDialog } from '@/client/lib/sign-in-store';
import { useDocumentTitle } from '@/client/lib/use-document-title';
import { satisfiesEntitlement } from '@/shared/domain/plans';
import { LoadFailure } from '../shell/load-failure';

/** The page's contents load on their own, after the gate. */
const MyBarPage = lazy(() =>
  import('@/client/features/my-bar/components/my-bar-page').then((module) => ({ default: module.MyBarPage })),
);

/** Texts of the gate (docs/product.md, Screens: loading text 'Loading My Bar...'). */
export const MY_BAR_GATE_TEXT = {
  loading: 'Loading My Bar...',
  signInTitle: 'Sign in to open My Bar',
  signInText: 'My Bar keeps the bottles you own and shows what you can make with them. It comes with Pro.',
} as const;

/** The quiet loading state of My Bar, with the text of docs/product.md. */
function MyBarLoading() {
  return (
    <p role="status" className="flex min-h-[40dvh] items-center justify-center text-muted" data-testid="my-bar-loading">
      {MY_BAR_GATE_TEXT.loading}
    </p>
  );
}

/**
 * Route module of `/my-bar` (docs/product.md: Screens, Roles and plans): gated to Pro or Enterprise. Anonymous visitors get the sign-in
 * dialog first; a signed-in user who never had the plan (as the server put it on the session) is sent to /upgrade
 * remembering this page, and route_gate_redirect {to, from} is tracked; one whose plan lapsed sees their bar with a note
 * and an /upgrade link. With the plan, the page loads ('Loading My Bar...'); a load
 * failure shows 'Something went wrong / Please try again.' with Retry. The server checks the plan again on every My Bar
 * call; if it refuses, the user is sent to /upgrade too. With the paywall-gating flag off the client does not redirect
 * (the server still refuses). Exports `Component` (react-router lazy convention).
 */
export function Component() {
  useDocumentTitle('My Bar');
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const askedToSignIn = useRef(false);
  const { recipeTo } = useRecipeParam();
  const entitled = satisfiesEntitlement(session.user?.appMetadata?.entitlements ?? [], 'pro');
  // A lapsed plan keeps its bar readable (the server answers reads and removals), so only never-paid users are sent away.
  const lapsed = !entitled && session.user?.appMetadata?.lapsed === true;
  const gated = featureFlags.paywallGating && session.status === 'signed-in' && !entitled && !lapsed;

  const sendToUpgrade = useCallback(() => {
    track('route_gate_redirect', { to: paths.upgrade, from: pathname });
    void navigate(hrefs.upgrade({ from: pathname }), { replace: true });
  }, [navigate, pathname]);

  useEffect(() => {
    if (session.status === 'signed-out' && !askedToSignIn.current) {
      askedToSignIn.current = true;
      openSignInDialog('prompt');
    }
  }, [session.status]);

  useEffect(() => {
    if (gated) sendToUpgrade();
  }, [gated, sendToUpgrade]);

  if (session.status === 'loading' || gated) return <MyBarLoading />;
  if (session.status === 'signed-out' || !session.user) {
    return <SignInRequired title={MY_BAR_GATE_TEXT.signInTitle} description={MY_BAR_GATE_TEXT.signInText} />;
  }
  return (
    <ErrorBoundary fallbackRender={() => <LoadFailure onRetry={() => window.location.reload()} />}>
      <Suspense fallback={<MyBarLoading />}>
        <MyBarPage
          userId={session.user.id}
          plan={session.user.appMetadata?.plan ?? 'free'}
          lapsed={lapsed}
          onEntitlementLost={sendToUpgrade}
          recipeTo={recipeTo}
          renderCardActions={(cocktail) => <CardCollectionsSlot cocktail={cocktail} />}
        />
        <RecipeModalHost />
      </Suspense>
    </ErrorBoundary>
  );
}
