import { RotateCcwIcon } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { showToast } from '@/client/lib/toast-events';
import { PURCHASE_TEXT, usePurchaseFlow } from '../hooks/use-purchase-flow';

/**
 * 'Restore Purchases' on /profile (docs/payments.md): inside the native app it asks the wrapper to restore, reads 'Checking…'
 * while that and the server's confirmation run, and toasts 'Purchases restored' once the server shows the plan. Outside
 * the native app it says 'Restore is only available in the iOS app.'. Errors and notices show under the button.
 */
export function RestorePurchases() {
  const flow = usePurchaseFlow({
    onConfirmed: () => showToast({ title: PURCHASE_TEXT.restoreSuccess, variant: 'success' }),
  });
  const message = flow.state.error ?? flow.notice;
  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        variant="outline"
        size="sm"
        onClick={flow.restore}
        disabled={flow.busy}
        aria-describedby={message ? 'restore-purchases-message' : undefined}
        data-testid="restore-purchases"
      >
        <RotateCcwIcon aria-hidden="true" />
        {flow.busy ? 'Checking…' : 'Restore Purchases'}
      </Button>
      <p
        id="restore-purchases-message"
        role={flow.state.error ? 'alert' : 'status'}
        className={flow.state.error ? 'text-sm text-danger-text' : 'text-sm text-muted'}
      >
        {message ?? ''}
      </p>
    </div>
  );
}
