import { CheckIcon, ShieldAlertIcon } from 'lucide-react';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '@/client/config/paths';
import { PageHeader } from '@/client/app/shell/page-header';
import { Button } from '@/client/components/ui/button';
import { useMe } from '@/client/features/account/api/get-me';
import { AccountPageSkeleton } from '@/client/features/account/components/account-page-skeleton';
import { SessionList } from '@/client/features/account/components/session-list';
import { useMetaDescription } from '@/client/features/account/hooks/use-meta-description';
import { LinkedAccounts } from '@/client/features/auth/components/linked-accounts';
import { TwoFactorSettings } from '@/client/features/auth/components/two-factor-settings';
import { useSession } from '@/client/lib/session';
import { useDocumentTitle } from '@/client/lib/use-document-title';
import { useRecoveryMode } from '@/client/lib/use-recovery-mode';

/** Texts of /settings/security. */
export const SECURITY_TEXT = {
  title: 'Secure your account',
  description:
    'See where you’re signed in, sign out what you don’t recognize, and check your sign-in methods and two-factor authentication.',
  recoveryTitle: 'You signed in with a recovery link',
  recoveryText:
    'Check the sessions below and sign out everywhere else if anything looks wrong. The link proved your email, not your second factor: new backup codes still need a code from your authenticator app.',
  done: 'I’m done',
} as const;

/**
 * The page of `/settings/security`, 'Secure your account', signed-in users only (anonymous visitors go to
 * /): where the user is signed in (sessions with device and last use, 'Sign out everywhere else'), the linked sign-in
 * methods, and two-factor status with 'Regenerate backup codes' (which asks for a current code). In recovery mode a notice
 * explains why the user is here, and 'I'm done' leaves the mode and returns to Settings. Exports `Component`.
 */
export function SecurityPage() {
  useDocumentTitle(SECURITY_TEXT.title);
  useMetaDescription(SECURITY_TEXT.description);
  const session = useSession();
  const me = useMe();
  const recovery = useRecoveryMode();
  const navigate = useNavigate();

  if (session.status === 'loading') return <AccountPageSkeleton />;
  if (session.status === 'signed-out' || !session.user) return <Navigate to={paths.home} replace />;

  const finish = () => {
    recovery.leave();
    void navigate(paths.settings);
  };

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader eyebrow="Your account" title={SECURITY_TEXT.title} description={SECURITY_TEXT.description} />
      <div className="flex flex-col gap-5">
        {recovery.active ? (
          <section
            aria-labelledby="recovery-notice-title"
            data-testid="recovery-notice"
            className="flex flex-col gap-4 rounded-2xl border border-accent/50 bg-accent/10 p-5 md:flex-row md:items-center md:p-6"
          >
            <ShieldAlertIcon aria-hidden="true" className="size-8 shrink-0 text-accent" />
            <div className="flex-1">
              <h2 id="recovery-notice-title" className="font-display text-lg leading-tight font-semibold">
                {SECURITY_TEXT.recoveryTitle}
              </h2>
              <p className="mt-1 text-sm text-muted">{SECURITY_TEXT.recoveryText}</p>
            </div>
            <Button variant="secondary" onClick={finish} className="self-start md:self-center">
              <CheckIcon aria-hidden="true" />
              {SECURITY_TEXT.done}
            </Button>
          </section>
        ) : null}
        <SessionList />
        <LinkedAccounts me={me} />
        <TwoFactorSettings />
      </div>
    </div>
  );
}
