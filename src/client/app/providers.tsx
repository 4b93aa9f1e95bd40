import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { TooltipProvider } from '@/client/components/ui/tooltip';
import { startAnalytics } from '@/client/lib/analytics';
import { getAppEnvironment, listenForAppEnvironmentMessages } from '@/client/lib/app-environment';
import { isDebugMode } from '@/client/lib/debug-mode';
import { installDiagnosticListeners, logDiagnostic } from '@/client/lib/diagnostic-log';
import { createQueryClient } from '@/client/lib/query-client';
import { listenForToastEvents } from '@/client/lib/toast-events';

/** Toasts: Sonner defaults of spec section 9 (4000 ms, at most 3 visible). */
export const TOAST_DURATION_MS = 4000;
export const TOAST_VISIBLE_MAX = 3;

/**
 * Sonner's theme variables in the bar palette. Passed inline on the toaster because Sonner injects its own stylesheet at
 * run time, after ours, which would otherwise win.
 */
const TOASTER_STYLE = {
  '--normal-bg': 'var(--color-surface-2)',
  '--normal-border': 'var(--color-border-strong)',
  '--normal-text': 'var(--color-foreground)',
  '--border-radius': 'var(--radius-xl)',
  fontFamily: 'var(--font-sans)',
} as CSSProperties;

/**
 * Starts the page-wide listeners once: APP_ENV window messages, the diagnostic log (resize, orientation, errors),
 * 'bb:toast' events, and analytics (page-hide beacon, the native 'activate' event).
 */
function useRuntime(): void {
  useEffect(() => {
    const env = getAppEnvironment();
    const debug = isDebugMode();
    logDiagnostic('info', 'App started', {
      platform: env.platform,
      debug,
      width: window.innerWidth,
      height: window.innerHeight,
    });
    const stops = [
      listenForAppEnvironmentMessages(window),
      installDiagnosticListeners(window),
      listenForToastEvents(window),
      startAnalytics({ isNativeApp: env.isNativeApp }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, []);
}

/**
 * App-wide providers: TanStack Query (one client per app), Radix tooltips (700 ms / 300 ms), the Sonner toaster, and the
 * runtime listeners (app environment, debug log, toasts, analytics). App environment and debug mode are read anywhere with
 * useAppEnvironment() / useDebugMode().
 */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useRuntime();
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        {children}
        <Toaster
          theme="dark"
          position="top-center"
          visibleToasts={TOAST_VISIBLE_MAX}
          duration={TOAST_DURATION_MS}
          closeButton
          style={TOASTER_STYLE}
          toastOptions={{
            classNames: {
              toast: 'shadow-[0_16px_40px_-12px_rgb(0_0_0/0.8)]',
              description: '!text-muted',
              success: '[&_[data-icon]]:text-success',
              error: '!border-destructive/60 [&_[data-icon]]:text-danger-text',
            },
          }}
          offset={{ top: 'calc(env(safe-area-inset-top, 0px) + 16px)' }}
          mobileOffset={{ top: 'calc(env(safe-area-inset-top, 0px) + 12px)' }}
        />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
