import { ChevronRightIcon, MailIcon, MonitorSmartphoneIcon, ShieldCheckIcon, UserRoundIcon } from 'lucide-react';
import { Link, Navigate, useLocation } from 'react-router';
import { paths } from '@/client/config/paths';
import { PageHeader } from '@/client/app/shell/page-header';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { SettingsPanel } from '@/client/components/ui/settings-panel';
import { AccountDataPanel } from '@/client/features/account/components/account-data-panel';
import { useMe } from '@/client/features/account/api/get-me';
import { OfflineDataPanel } from '@/client/features/account/components/offline-data-panel';
import { AccountPageSkeleton } from '@/client/features/account/components/account-page-skeleton';
import { DeleteAccountDialog } from '@/client/features/account/components/delete-account-dialog';
import { SupportForm } from '@/client/features/account/components/support-form';
import { useMetaDescription } from '@/client/features/account/hooks/use-meta-description';
import { useSession } from '@/client/lib/session';
import { LinkedAccounts } from '@/client/features/auth/components/linked-accounts';
import { TwoFactorSettings } from '@/client/features/auth/components/two-factor-settings';
import { useDocumentTitle } from '@/client/lib/use-document-title';

/** Texts of /settings. */
export const SETTINGS_TEXT = {
  title: 'Settings',
  /** The page's meta description (docs/product.md, Screens: title and description are set). */
  description: 'Manage your Barback account: sign-in methods, two-factor authentication, support and account deletion.',
  account: 'Account',
  email: 'Email',
  role: 'Role',
  /** The only role there is (docs/product.md, Roles and plans). */
  roleBadge: 'User',
  sessions: 'Sessions',
  sessionsText: 'See every device signed in to your account and sign out the ones you don’t recognize.',
  sessionsAction: 'Review sessions',
  actions: 'Account Actions',
  actionsText:
    'Delete your account and the data that goes with it. You will see exactly what is deleted before anything happens.',
} as const;

/**
 * The page of `/settings` (docs/product.md: Screens, States, Validation, Roles and plans), signed-in users only: anonymous visitors are sent to / (while
 * the session loads a placeholder shows). Sets the document title and meta description. Shows the account email and the
 * role badge 'User', the linked sign-in methods and two-factor settings, a link to the sessions ('Secure your account'),
 * 'Your data', 'Offline data' (what this device keeps, and clearing it), the Contact Support form (sent with this page's
 * path) and Account Actions, whose delete dialog leads to /delete-account. Exports `Component`.
 */
export function SettingsPage() {
  useDocumentTitle(SETTINGS_TEXT.title);
  useMetaDescription(SETTINGS_TEXT.description);
  const session = useSession();
  const me = useMe();
  const location = useLocation();

  if (session.status === 'loading') return <AccountPageSkeleton />;
  if (session.status === 'signed-out' || !session.user) return <Navigate to={paths.home} replace />;
  const { user } = session;

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader eyebrow="Your account" title={SETTINGS_TEXT.title} description={SETTINGS_TEXT.description} />

      <div className="flex flex-col gap-5">
        <SettingsPanel title={SETTINGS_TEXT.account}>
          <dl className="grid gap-3 text-sm sm:grid-cols-[auto_1fr] sm:items-center sm:gap-x-6">
            <dt className="flex items-center gap-2 text-muted">
              <MailIcon aria-hidden="true" className="size-4" />
              {SETTINGS_TEXT.email}
            </dt>
            <dd className="min-w-0 truncate font-medium" data-testid="account-email">
              {user.email}
            </dd>
            <dt className="flex items-center gap-2 text-muted">
              <UserRoundIcon aria-hidden="true" className="size-4" />
              {SETTINGS_TEXT.role}
            </dt>
            <dd>
              <Badge variant="accent">
                <ShieldCheckIcon aria-hidden="true" />
                {SETTINGS_TEXT.roleBadge}
              </Badge>
            </dd>
          </dl>
        </SettingsPanel>

        <LinkedAccounts me={me} />
        <TwoFactorSettings />

        <SettingsPanel title={SETTINGS_TEXT.sessions}>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="flex items-start gap-2 text-sm text-muted">
              <MonitorSmartphoneIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {SETTINGS_TEXT.sessionsText}
            </p>
            <Button asChild variant="secondary" className="self-start sm:self-center">
              <Link to={paths.security}>
                {SETTINGS_TEXT.sessionsAction}
                <ChevronRightIcon aria-hidden="true" />
              </Link>
            </Button>
          </div>
        </SettingsPanel>

        <AccountDataPanel userId={user.id} />
        <OfflineDataPanel />

        <section className="rounded-2xl border border-border bg-surface p-5 shadow-card md:p-6">
          <SupportForm defaultEmail={user.email} page={location.pathname} />
        </section>

        <SettingsPanel title={SETTINGS_TEXT.actions}>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted">{SETTINGS_TEXT.actionsText}</p>
            <DeleteAccountDialog />
          </div>
        </SettingsPanel>
      </div>
    </div>
  );
}
