import { RotateCwIcon } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { useOnline } from '@/client/lib/use-online';
import { cn } from '@/client/lib/utils';

/** What a failed read adds while the browser is offline: the page needs the network, and Retry works once it is back. */
export const OFFLINE_HINT = 'You are offline: this needs the network.';

/**
 * The quiet in-page message for a read that failed (catalogue, favorites, activity, account): the message and a Retry
 * button that spins while the retry runs. Announced as an alert so screen-reader users hear it. Offline, it adds that
 * the page needs the network ({@link OFFLINE_HINT}).
 * @param message what could not be loaded, e.g. 'Cocktails could not be loaded.'
 * @param retrying disables the button and spins its icon while a retry is in flight
 * @param variant 'inline' centres it in an empty list; 'banner' frames it above content that is still shown
 */
export function LoadFailed({
  message,
  onRetry,
  retrying = false,
  variant = 'inline',
  className,
}: {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
  variant?: 'inline' | 'banner';
  className?: string;
}) {
  const online = useOnline();
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-wrap items-center gap-2 text-sm text-muted',
        variant === 'inline' ? 'justify-center py-10' : 'rounded-xl border border-border bg-surface px-4 py-3',
        className,
      )}
    >
      <span className={cn(variant === 'banner' && 'flex-1')}>
        {message}
        {online ? null : ` ${OFFLINE_HINT}`}
      </span>
      <Button variant="ghost" size="sm" onClick={onRetry} disabled={retrying}>
        <RotateCwIcon aria-hidden="true" className={cn(retrying && 'animate-spin')} />
        Retry
      </Button>
    </div>
  );
}
