import { ShieldAlertIcon, XIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/client/config/paths';
import { useSession } from '@/client/lib/session';
import { useRecoveryMode } from '@/client/lib/use-recovery-mode';

/** Texts of the recovery banner. */
export const RECOVERY_BANNER_TEXT = {
  label: 'Recovery mode',
  message: 'You signed in with a recovery link.',
  action: 'Secure your account',
  leave: 'Leave recovery mode',
} as const;

/**
 * The recovery-mode banner: while the signed-in user is in recovery mode (recovery-mode.ts: 60 minutes from the
 * recovery link), a strip under the header leads to 'Secure your account' (not drawn on that page, whose own notice
 * says the same), and its close button leaves the mode. Nothing is drawn otherwise.
 */
export function RecoveryBanner() {
  const recovery = useRecoveryMode();
  const session = useSession();
  const location = useLocation();
  // 'Secure your account' explains recovery mode itself (with 'I'm done'): no banner there.
  if (!recovery.active || session.status !== 'signed-in' || location.pathname === paths.security) return null;
  return (
    <section
      aria-label={RECOVERY_BANNER_TEXT.label}
      data-testid="recovery-banner"
      className="border-b border-accent/40 bg-accent/10 print:hidden"
    >
      <div className="mx-auto flex w-full max-w-6xl items-center gap-3 px-4 py-2.5 text-sm md:px-6">
        <ShieldAlertIcon aria-hidden="true" className="size-5 shrink-0 text-accent" />
        <p className="min-w-0 flex-1">
          <span className="font-medium">{RECOVERY_BANNER_TEXT.message}</span>{' '}
          <Link
            to={paths.security}
            className="font-medium whitespace-nowrap text-accent underline underline-offset-4 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {RECOVERY_BANNER_TEXT.action}
          </Link>
        </p>
        <button
          type="button"
          onClick={recovery.leave}
          aria-label={RECOVERY_BANNER_TEXT.leave}
          className="flex size-9 shrink-0 items-center justify-center rounded-lg text-muted transition-colors hover:bg-surface-2 hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <XIcon aria-hidden="true" className="size-4" />
        </button>
      </div>
    </section>
  );
}
