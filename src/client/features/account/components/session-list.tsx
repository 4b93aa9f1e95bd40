import { LaptopIcon, LogOutIcon, MonitorSmartphoneIcon, RotateCcwIcon, SmartphoneIcon, TabletIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { SettingsPanel } from '@/client/components/ui/settings-panel';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Spinner } from '@/client/components/ui/spinner';
import { showToast } from '@/client/lib/toast-events';
import type { AccountSession } from '@/shared/schemas/account';
import { useSessionMutations, useSessions } from '../api/sessions';
import { timeAgo } from '../lib/relative-time';

/** Texts of the sessions section. */
export const SESSION_LIST_TEXT = {
  title: 'Where you’re signed in',
  description: 'Every browser and device signed in to your account. Sign out any you don’t recognize.',
  thisDevice: 'This device',
  signOut: 'Sign out',
  signOutOthers: 'Sign out everywhere else',
  onlyThisDevice: 'You’re signed in on this device only.',
  loadFailed: 'Your sessions could not be loaded.',
  retry: 'Retry',
} as const;

/** "Chrome on macOS", "Safari on iOS", "Chrome", "macOS", or "Unknown device" for a session's device. */
export function deviceName(device: AccountSession['device']): string {
  if (device.browser && device.os) return `${device.browser} on ${device.os}`;
  return device.browser ?? device.os ?? 'Unknown device';
}

/** "1 other session" / "3 other sessions". */
export function otherSessionsText(count: number): string {
  return `${count} other ${count === 1 ? 'session' : 'sessions'}`;
}

function DeviceIcon({ type }: { type: AccountSession['device']['type'] }) {
  const className = 'size-5 text-accent';
  if (type === 'mobile') return <SmartphoneIcon className={className} aria-hidden="true" />;
  if (type === 'tablet') return <TabletIcon className={className} aria-hidden="true" />;
  if (type === 'desktop') return <LaptopIcon className={className} aria-hidden="true" />;
  return <MonitorSmartphoneIcon className={className} aria-hidden="true" />;
}

function errorMessage(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : 'Something went wrong. Please try again.';
}

/**
 * 'Where you're signed in' ('Secure your account'): every signed-in session with its device, address and last
 * use, this device first and marked; 'Sign out' ends one other session, 'Sign out everywhere else' ends all the others
 * (each ended browser is signed out on its next request). Loading shows placeholders of the rows' size; a failed load says
 * so with Retry; a failed sign-out says why in a toast and leaves the list as it was.
 */
export function SessionList() {
  const sessions = useSessions();
  const { revoke, revokeOthers } = useSessionMutations();
  const [ending, setEnding] = useState<string | null>(null);

  const endOne = (session: AccountSession) => {
    setEnding(session.id);
    revoke.mutate(session.id, {
      onSuccess: () =>
        showToast({
          title: 'Signed out',
          description: `${deviceName(session.device)} is signed out.`,
          variant: 'success',
        }),
      onError: (error) =>
        showToast({ title: 'Could not sign out', description: errorMessage(error), variant: 'error' }),
      onSettled: () => setEnding(null),
    });
  };

  const endOthers = () => {
    revokeOthers.mutate(undefined, {
      onSuccess: ({ revoked }) =>
        showToast({
          title: 'Signed out everywhere else',
          description: revoked === 0 ? 'No other session was signed in.' : `${otherSessionsText(revoked)} signed out.`,
          variant: 'success',
        }),
      onError: (error) =>
        showToast({ title: 'Could not sign out', description: errorMessage(error), variant: 'error' }),
    });
  };

  let body;
  if (sessions.isPending) {
    body = (
      <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading sessions">
        {[0, 1].map((index) => (
          <div key={index} className="flex items-center gap-4">
            <Skeleton className="size-10 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-56" />
            </div>
          </div>
        ))}
      </div>
    );
  } else if (sessions.isError || !sessions.data) {
    body = (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-3 text-sm text-danger-text">
        {SESSION_LIST_TEXT.loadFailed}
        <Button variant="secondary" size="sm" onClick={() => void sessions.refetch()} disabled={sessions.isFetching}>
          <RotateCcwIcon aria-hidden="true" />
          {SESSION_LIST_TEXT.retry}
        </Button>
      </div>
    );
  } else {
    const list = sessions.data.sessions;
    const others = list.filter((session) => !session.current).length;
    body = (
      <>
        <ul className="divide-y divide-border" data-testid="session-list">
          {list.map((session) => {
            const name = deviceName(session.device);
            const lastUse = session.current ? 'Active now' : `Active ${timeAgo(session.lastActiveAt)}`;
            const detail = session.ipAddress ? `${lastUse} · ${session.ipAddress}` : lastUse;
            return (
              <li
                key={session.id}
                data-testid="session-row"
                className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3.5 first:pt-0 last:pb-0"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-surface-2 ring-1 ring-border">
                  <DeviceIcon type={session.device.type} />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {name}
                    {session.current ? <Badge variant="accent">{SESSION_LIST_TEXT.thisDevice}</Badge> : null}
                  </p>
                  <p className="truncate text-sm text-muted">{detail}</p>
                </div>
                {session.current ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={ending === session.id || revokeOthers.isPending}
                    onClick={() => endOne(session)}
                    aria-label={`Sign out ${name}, ${lastUse.toLowerCase()}`}
                  >
                    {ending === session.id ? (
                      <Spinner aria-hidden="true" role="presentation" />
                    ) : (
                      <LogOutIcon aria-hidden="true" />
                    )}
                    {SESSION_LIST_TEXT.signOut}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
        {others > 0 ? (
          <div className="flex flex-col gap-3 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted">{`${otherSessionsText(others)} besides this one.`}</p>
            <Button variant="destructive" onClick={endOthers} disabled={revokeOthers.isPending}>
              {revokeOthers.isPending ? (
                <Spinner aria-hidden="true" role="presentation" />
              ) : (
                <LogOutIcon aria-hidden="true" />
              )}
              {SESSION_LIST_TEXT.signOutOthers}
            </Button>
          </div>
        ) : (
          <p className="rounded-lg bg-surface-2 px-3 py-2 text-sm text-muted">{SESSION_LIST_TEXT.onlyThisDevice}</p>
        )}
      </>
    );
  }

  return (
    <SettingsPanel title={SESSION_LIST_TEXT.title} description={SESSION_LIST_TEXT.description} testId="sessions">
      {body}
    </SettingsPanel>
  );
}
