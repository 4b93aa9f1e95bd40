import { useQueryClient } from '@tanstack/react-query';
import { CloudOffIcon, RefreshCwIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSession } from '@/client/lib/session';
import { useOnline } from '@/client/lib/use-online';

/** The text of the indicator, or '' when there is nothing to say (online, nothing waiting). */
export function offlineStatusText(online: boolean, pending: number): string {
  const waiting = pending === 1 ? '1 change waiting to sync' : `${pending} changes waiting to sync`;
  if (!online) return pending > 0 ? `Offline · ${waiting}` : 'Offline · showing what this device keeps';
  return pending > 0 ? `Syncing · ${waiting}` : '';
}

/**
 * The quiet offline indicator (docs/product.md, "Offline"): a small pill above the content's foot while the browser is
 * offline or the signed-in user's offline writes wait to be sent, announced politely. Fixed, so it never moves the page.
 * For a signed-in user it also runs the sync of those writes (lib/offline/sync-runner.ts, loaded after the first paint).
 */
export function OfflineStatus() {
  const online = useOnline();
  const { status, user } = useSession();
  const userId = status === 'signed-in' ? (user?.id ?? null) : null;
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(0);

  useEffect(() => {
    setPending(0);
    if (!userId) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('@/client/lib/offline/sync-runner').then((module) => {
      if (!cancelled) stop = module.startWriteSync({ userId, queryClient, onPending: setPending });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId, queryClient]);

  const text = offlineStatusText(online, pending);
  const Icon = online ? RefreshCwIcon : CloudOffIcon;
  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-40 flex justify-center px-4 md:bottom-6 print:hidden"
    >
      {text ? (
        <p className="flex items-center gap-2 rounded-full border border-border bg-surface-2/95 px-3.5 py-1.5 text-sm text-muted shadow-lg backdrop-blur">
          <Icon aria-hidden="true" className="size-4 shrink-0 text-accent" />
          {text}
        </p>
      ) : null}
    </div>
  );
}
