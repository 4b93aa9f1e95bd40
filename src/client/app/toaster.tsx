import { useEffect, useSyncExternalStore, type CSSProperties } from 'react';
import { toast, Toaster } from 'sonner';
import { toasterMounted } from '@/client/lib/toast-events';

/** Toasts: Sonner's own defaults, kept as the product's (4000 ms, at most 3 visible). */
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

/** Below this width the tab bar shows (md breakpoint, 768 px): toasts sit above it instead of over the page's heading. */
const PHONE_QUERY = '(max-width: 767.98px)';

/** The phone query, or null where the page cannot evaluate media queries (an embedded browser without matchMedia). */
function phoneQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : null;
}

function subscribePhone(onChange: () => void): () => void {
  const query = phoneQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** True on a phone-sized screen (the layout with the bottom tab bar). */
function usePhoneLayout(): boolean {
  return useSyncExternalStore(
    subscribePhone,
    () => phoneQuery()?.matches ?? false,
    () => false,
  );
}

/** The bottom offset that keeps a toast above the phone's tab bar (64 px plus the home indicator's safe area). */
const ABOVE_TAB_BAR = 'calc(env(safe-area-inset-bottom, 0px) + 4rem + 8px)';

/**
 * The attribute a modal dialog's scroll lock puts on <body> (Radix Dialog, through react-remove-scroll-bar). While it is
 * there a phone's bottom sheet fills the lower screen, so toasts go to the top instead of over the sheet's buttons.
 */
const MODAL_OPEN_ATTRIBUTE = 'data-scroll-locked';

function subscribeModal(onChange: () => void): () => void {
  if (typeof MutationObserver !== 'function') return () => {};
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { attributes: true, attributeFilter: [MODAL_OPEN_ATTRIBUTE] });
  return () => observer.disconnect();
}

/** True while a modal dialog is open. */
function useModalOpen(): boolean {
  return useSyncExternalStore(
    subscribeModal,
    () => document.body.hasAttribute(MODAL_OPEN_ATTRIBUTE),
    () => false,
  );
}

/**
 * The app's one Sonner Toaster (dark; on a phone at the bottom just above the tab bar, where it covers no heading, unless
 * a dialog is open; otherwise top centre under the header; safe-area aware). Loaded and mounted on the first toast; once mounted it
 * hands Sonner's toast function to lib/toast-events, which then shows the toasts that were waiting. Child effects run
 * before this component's effect, so the Toaster is already subscribed when the waiting toasts are shown.
 */
export function AppToaster() {
  useEffect(() => toasterMounted(toast), []);
  // At the bottom only on a phone with no dialog open: there it covers no heading and no dialog's buttons.
  const phone = usePhoneLayout();
  const modalOpen = useModalOpen();
  const bottom = phone && !modalOpen;
  return (
    <Toaster
      theme="dark"
      position={bottom ? 'bottom-center' : 'top-center'}
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
      // Top: below the sticky header (64 px on desktop, 56 px on phones), so a toast never covers the account menu.
      // Bottom (a phone with no dialog): above the tab bar (64 px plus the safe area), clear of the page's headings.
      offset={bottom ? { bottom: ABOVE_TAB_BAR } : { top: 'calc(env(safe-area-inset-top, 0px) + 4rem + 12px)' }}
      mobileOffset={bottom ? { bottom: ABOVE_TAB_BAR } : { top: 'calc(env(safe-area-inset-top, 0px) + 3.5rem + 8px)' }}
    />
  );
}
