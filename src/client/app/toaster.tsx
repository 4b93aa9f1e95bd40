import { useEffect, type CSSProperties } from 'react';
import { toast, Toaster } from 'sonner';
import { toasterMounted } from '@/client/lib/toast-events';

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
 * The app's one Sonner Toaster (dark, top centre under the header, safe-area aware). Loaded and mounted on the first toast; once mounted it
 * hands Sonner's toast function to lib/toast-events, which then shows the toasts that were waiting. Child effects run
 * before this component's effect, so the Toaster is already subscribed when the waiting toasts are shown.
 */
export function AppToaster() {
  useEffect(() => toasterMounted(toast), []);
  return (
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
      // Below the sticky header (64 px on desktop, 56 px on phones), so a toast never covers the account menu or Home.
      offset={{ top: 'calc(env(safe-area-inset-top, 0px) + 4rem + 12px)' }}
      mobileOffset={{ top: 'calc(env(safe-area-inset-top, 0px) + 3.5rem + 8px)' }}
    />
  );
}
