import { Link2Icon, MailIcon, RotateCcwIcon, Unlink2Icon } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { paths } from '@/client/config/paths';
import type { LinkedAccount, MeResponse } from '@/shared/schemas/account';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { SettingsPanel } from '@/client/components/ui/settings-panel';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Spinner } from '@/client/components/ui/spinner';
import { showToast } from '@/client/lib/toast-events';
import { PROVIDER_LABEL, type OAuthProvider } from '../api/start-oauth';
import { useUnlinkAccount } from '../api/unlink-account';
import { useProviderSignIn } from '../hooks/use-provider-sign-in';
import { callbackErrorMessage, signInErrorMessage } from '../lib/sign-in-errors';
import { EmbeddedBrowserNotice } from './embedded-browser-notice';
import { FacebookIcon, GoogleIcon } from './provider-icons';

/** Query parameters the settings page gets back from a link attempt (set in the link's callback URLs). */
export const LINKED_PARAM = 'linked';
export const LINK_FAILED_PARAM = 'linkFailed';

const PROVIDERS: readonly OAuthProvider[] = ['google', 'facebook'];

/** Why an unlink was refused, in plain words. */
export function unlinkErrorMessage(error: unknown): string {
  const { code, authCode } = (error ?? {}) as { code?: unknown; authCode?: unknown };
  const reason = authCode ?? code;
  if (reason === 'SESSION_NOT_FRESH')
    return 'For your security, sign out and sign in again before removing a sign-in method.';
  if (reason === 'FAILED_TO_UNLINK_LAST_ACCOUNT') return 'This is your only way to sign in, so it cannot be removed.';
  return signInErrorMessage(error);
}

/**
 * Which ways in a user has and which may be removed: the last remaining way in never can (the server refuses it too), and
 * the email link cannot be removed at all.
 * @param accounts the `GET /api/me` accounts
 * @returns per provider the linked account (or null), whether the email link is recorded, and whether unlinking is allowed.
 */
export function describeLinkedAccounts(accounts: readonly LinkedAccount[]) {
  const byProvider = (provider: string) => accounts.find((account) => account.providerId === provider) ?? null;
  const canUnlink = accounts.length > 1;
  return {
    google: byProvider('google'),
    facebook: byProvider('facebook'),
    emailLink: byProvider('magic-link'),
    canUnlink,
  };
}

function formatSince(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `since ${date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })}`;
}

function Row({
  icon,
  title,
  detail,
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  detail: ReactNode;
  action: ReactNode;
  testId: string;
}) {
  return (
    <li data-testid={testId} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3.5 first:pt-0 last:pb-0">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-surface-2 ring-1 ring-border">
        {icon}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium">{title}</p>
        <p className="truncate text-sm text-muted">{detail}</p>
      </div>
      <div className="flex shrink-0 items-center gap-2">{action}</div>
    </li>
  );
}

/**
 * Settings section "Sign-in methods": the email link (always available) and Google and Facebook, each linked or not.
 * Link goes through the provider (`POST /api/session/oauth/:provider` with `link: true`) and comes back to /settings with
 * a toast; Unlink removes the provider (`POST /api/auth/unlink-account`). The last way in cannot be unlinked: its button
 * is disabled and the reason is shown. Data: `GET /api/me` accounts and providers, read by the page that composes it
 * (`me`: the account query).
 */
export function LinkedAccounts({ me }: { me: UseQueryResult<MeResponse> }) {
  const reasonId = useId();
  const unlink = useUnlinkAccount();
  const provider = useProviderSignIn();
  const [unlinking, setUnlinking] = useState<string | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();

  // Back from a link attempt: say how it went, then tidy the URL.
  const linked = searchParams.get(LINKED_PARAM);
  const linkFailed = searchParams.get(LINK_FAILED_PARAM);
  useEffect(() => {
    if (!linked && !linkFailed) return;
    const name = PROVIDER_LABEL[(linked ?? linkFailed) as OAuthProvider] ?? 'The account';
    if (linkFailed) {
      const error = searchParams.get('error');
      showToast({
        title: `Could not link ${name}`,
        description: error ? callbackErrorMessage(error, searchParams.get('error_description')) : undefined,
        variant: 'error',
      });
    } else {
      showToast({ title: `${name} linked`, description: `You can now sign in with ${name}.`, variant: 'success' });
    }
    const next = new URLSearchParams(searchParams);
    for (const key of [LINKED_PARAM, LINK_FAILED_PARAM, 'error', 'error_description']) next.delete(key);
    setSearchParams(next, { replace: true });
  }, [linked, linkFailed, searchParams, setSearchParams]);

  const startLink = (target: OAuthProvider) =>
    void provider.start(target, {
      link: true,
      callbackURL: `${paths.settings}?${LINKED_PARAM}=${target}`,
      errorCallbackURL: `${paths.settings}?${LINK_FAILED_PARAM}=${target}`,
    });

  const removeAccount = (account: LinkedAccount, name: string) => {
    setUnlinking(account.id);
    unlink.mutate(account.id, {
      onSuccess: () => showToast({ title: `${name} unlinked`, variant: 'success' }),
      onError: (error) =>
        showToast({ title: `Could not unlink ${name}`, description: unlinkErrorMessage(error), variant: 'error' }),
      onSettled: () => setUnlinking(null),
    });
  };

  let body: ReactNode;
  if (me.isPending) {
    body = (
      <div className="flex flex-col gap-3" aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <div key={index} className="flex items-center gap-4">
            <Skeleton className="size-10 rounded-full" />
            <div className="flex flex-1 flex-col gap-1.5">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-3.5 w-40" />
            </div>
            <Skeleton className="h-8 w-20" />
          </div>
        ))}
      </div>
    );
  } else if (me.isError || !me.data) {
    body = (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-3 text-sm text-danger-text">
        Your sign-in methods could not be loaded.
        <Button variant="secondary" size="sm" onClick={() => void me.refetch()} disabled={me.isFetching}>
          <RotateCcwIcon aria-hidden="true" />
          Retry
        </Button>
      </div>
    );
  } else {
    const info = describeLinkedAccounts(me.data.accounts);
    const onlyWayIn = !info.canUnlink ? me.data.accounts[0] : null;
    const onlyName =
      onlyWayIn && (onlyWayIn.providerId === 'google' || onlyWayIn.providerId === 'facebook')
        ? PROVIDER_LABEL[onlyWayIn.providerId]
        : null;
    body = (
      <>
        <ul className="divide-y divide-border">
          {info.emailLink ? (
            <Row
              testId="linked-email"
              icon={<MailIcon className="size-5 text-accent" aria-hidden="true" />}
              title="Email link"
              detail={info.emailLink.accountId}
              action={<Badge variant="accent">Always on</Badge>}
            />
          ) : null}
          {PROVIDERS.map((target) => {
            const account = info[target];
            const name = PROVIDER_LABEL[target];
            const available = me.data.providers[target];
            const icon = target === 'google' ? <GoogleIcon className="size-5" /> : <FacebookIcon className="size-5" />;
            let action: ReactNode;
            if (account) {
              const busy = unlinking === account.id;
              action = (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={!info.canUnlink || busy}
                  aria-describedby={!info.canUnlink ? reasonId : undefined}
                  onClick={() => removeAccount(account, name)}
                  aria-label={`Unlink ${name}`}
                >
                  {busy ? <Spinner aria-hidden="true" role="presentation" /> : <Unlink2Icon aria-hidden="true" />}
                  Unlink
                </Button>
              );
            } else if (available) {
              action = (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={provider.pending !== null}
                  onClick={() => startLink(target)}
                  aria-label={`Link ${name}`}
                >
                  {provider.pending === target ? (
                    <Spinner aria-hidden="true" role="presentation" />
                  ) : (
                    <Link2Icon aria-hidden="true" />
                  )}
                  Link
                </Button>
              );
            } else {
              action = <span className="text-xs text-subtle">Not available here</span>;
            }
            return (
              <Row
                key={target}
                testId={`linked-${target}`}
                icon={icon}
                title={name}
                detail={account ? `Linked ${formatSince(account.createdAt)}` : 'Not linked'}
                action={action}
              />
            );
          })}
        </ul>
        {onlyName ? (
          <p id={reasonId} className="rounded-lg bg-surface-2 px-3 py-2 text-sm text-muted">
            {`${onlyName} is your only way to sign in, so it cannot be unlinked. Link another method first.`}
          </p>
        ) : null}
        {provider.embeddedNotice ? (
          <EmbeddedBrowserNotice
            provider={provider.embeddedNotice.provider}
            browser={provider.embeddedNotice.browser}
            onBack={provider.dismissNotice}
          />
        ) : null}
      </>
    );
  }

  return (
    <SettingsPanel
      title="Sign-in methods"
      description="Link Google or Facebook to sign in with one tap. Removing one never deletes your account."
      testId="linked-accounts"
    >
      {body}
    </SettingsPanel>
  );
}
