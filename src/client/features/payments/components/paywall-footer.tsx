import { RotateCcwIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/client/config/paths';
import { Button } from '@/client/components/ui/button';

/** Props of {@link PaywallFooter}. */
export interface PaywallFooterProps {
  /** The purchase error to show in red (docs/payments.md: errors appear in the footer, in red), or null. */
  error: string | null;
  /** A note that is not an error (confirming, nothing to restore), or null. */
  notice: string | null;
  restoring: boolean;
  onRestore: () => void;
  /** Whether Restore is offered (hidden for visitors who are not signed in). */
  showRestore: boolean;
}

/**
 * The paywall's footer: the purchase error in red (an alert, so screen readers hear it), the confirmation notice, 'Restore
 * Purchases', and the subscription terms with links to the Terms of Service and the Privacy Policy.
 */
export function PaywallFooter({ error, notice, restoring, onRestore, showRestore }: PaywallFooterProps) {
  return (
    <footer className="flex flex-col items-center gap-3 pb-4 text-center" data-testid="paywall-footer">
      <div className="flex min-h-6 flex-col items-center gap-1">
        <p role="alert" data-testid="purchase-error" className="text-sm font-medium text-danger-text">
          {error ?? ''}
        </p>
        <p role="status" data-testid="purchase-notice" className="max-w-md text-sm text-muted">
          {notice ?? ''}
        </p>
      </div>
      {showRestore ? (
        <Button variant="ghost" size="sm" onClick={onRestore} disabled={restoring} data-testid="paywall-restore">
          <RotateCcwIcon aria-hidden="true" />
          {restoring ? 'Checking…' : 'Restore Purchases'}
        </Button>
      ) : null}
      <p className="max-w-xl text-xs leading-relaxed text-subtle">
        Subscriptions are billed to your Apple ID and renew automatically until you cancel them in your Apple ID
        settings at least 24 hours before the period ends. The free trial is for new subscribers; cancel during it and
        you pay nothing. See the{' '}
        <Link to={paths.terms} className="text-muted underline underline-offset-2 hover:text-foreground">
          Terms of Service
        </Link>{' '}
        and the{' '}
        <Link to={paths.privacy} className="text-muted underline underline-offset-2 hover:text-foreground">
          Privacy Policy
        </Link>
        .
      </p>
    </footer>
  );
}
