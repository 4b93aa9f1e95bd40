import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { featureFlags } from '@/client/config/feature-flags';
import { AuthRuntime } from '@/client/features/auth/components/auth-runtime';
import { track } from '@/client/lib/analytics';
import { syncDebugMode } from '@/client/lib/debug-mode';
import { useAppEnvironment } from '@/client/lib/use-app-environment';
import { useDebugMode } from '@/client/lib/use-debug-mode';
import { cn } from '@/client/lib/utils';
import { runSoon } from '@/client/lib/yield-to-main';
import { BuildBanner } from './build-banner';
import { NativeHeader } from './native-header';
import { OfflineStatus } from './offline-status';
import { RecoveryBanner } from './recovery-banner';
import { TAB_BAR_HIDDEN_PATHS } from './nav-items';
import { SiteFooter } from './site-footer';
import { TabBar } from './tab-bar';
import { TopBar } from './top-bar';

/** The debug panel loads only in debug mode (?debug=1) or when the QA panel flag is on. */
const DebugPanel = lazy(() => import('./debug-panel').then((module) => ({ default: module.DebugPanel })));

/**
 * The frame every page lives in (docs/product.md, Shells), chosen by the app environment:
 * - ios: the native-app header (no web top bar), content, the tab bar;
 * - web and toast: the sticky web top bar, content, the desktop footer and the phone tab bar; toast adds
 *   data-toast on the frame.
 * Also: tracks a page_view per path, follows ?debug=1 on client navigation, shows the Debug button in debug mode or with
 * the QA panel flag, the build banner when its flag is on, the recovery-mode banner while recovery mode lasts, and the
 * offline indicator (which also sends the writes made offline).
 */
export function RootLayout() {
  const env = useAppEnvironment();
  const debug = useDebugMode();
  const location = useLocation();

  useEffect(() => {
    syncDebugMode(location.search);
  }, [location.search]);

  // A task after the commit, not inside it: the first commit's effects all run in one task. A path left
  // within that task (an immediate redirect) is not counted.
  useEffect(() => runSoon(() => track('page_view', { path: location.pathname })), [location.pathname]);

  useEffect(() => {
    document.documentElement.dataset.appEnv = env.platform;
  }, [env.platform]);

  return (
    <div
      data-testid="app-shell"
      data-app-env={env.platform}
      data-toast={env.isToast ? '' : undefined}
      className="flex min-h-dvh flex-col pl-safe pr-safe"
    >
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-accent px-4 py-2 font-medium text-accent-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {featureFlags.buildBanner ? <BuildBanner /> : null}
      {env.isNativeApp ? <NativeHeader /> : <TopBar />}
      <RecoveryBanner />
      <main
        id="main"
        tabIndex={-1}
        className={cn(
          'mx-auto w-full max-w-6xl flex-1 px-4 pt-4 outline-none md:px-6 md:pt-8 md:pb-16 print:max-w-none print:p-0',
          // Room for the phone tab bar, except where it is hidden.
          TAB_BAR_HIDDEN_PATHS.includes(location.pathname) ? 'pb-safe-8' : 'pb-tabbar',
        )}
      >
        <Outlet />
      </main>
      {env.isNativeApp ? null : <SiteFooter />}
      <TabBar />
      <OfflineStatus />
      <AuthRuntime />
      {debug || featureFlags.qaPanel ? (
        <Suspense fallback={null}>
          <DebugPanel />
        </Suspense>
      ) : null}
      <ScrollRestoration />
    </div>
  );
}
