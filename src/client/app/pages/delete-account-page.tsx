import { useQueryClient } from '@tanstack/react-query';
import { ArchiveIcon, CheckIcon, MailIcon, SettingsIcon, Trash2Icon } from 'lucide-react';
import { PageHeader } from '@/client/app/shell/page-header';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { DeleteAccountPanel } from '@/client/features/account/components/delete-account-panel';
import { forgetSignedInUser } from '@/client/features/auth/lib/sign-out';
import { useSession } from '@/client/lib/session';
import { LEGAL } from '@/client/lib/legal-constants';
import { useDocumentTitle } from '@/client/lib/use-document-title';

const deleted = [
  'Your account: email address, name and sign-in connections (Google, Facebook, magic link)',
  'Favorites, collections, notes and ratings',
  'Your My Bar inventory',
  'Support messages you sent us',
  'Usage events linked to your account',
];

const retained = [
  'Purchase and billing records we must keep for tax and accounting law (kept by Apple and, in a minimal form, by us)',
  'Aggregated statistics that cannot identify you',
  'Information we are legally required to keep, for example to resolve a dispute, for as long as that duty lasts',
];

const timeline = [
  { when: `Within ${LEGAL.deletionAckDays} days`, what: 'We confirm we received your request.' },
  {
    when: `Within ${LEGAL.deletionDoneDays} days`,
    what: 'Your account and personal data are deleted from our live systems.',
  },
  {
    when: `Within ${LEGAL.backupPurgeMinDays} to ${LEGAL.backupPurgeMaxDays} days`,
    what: 'Remaining copies in our encrypted backups are purged as the backups expire.',
  },
];

const mailto = `mailto:${LEGAL.privacyEmail}?subject=${encodeURIComponent('Delete my Barback account')}`;

/**
 * /delete-account: how to have your data deleted, what goes and what stays, and the timeline (docs/product.md, Screens). A signed-in
 * user also gets the self-service deletion panel (typed confirmation, then `DELETE /api/me`) under the two lists.
 */
export function DeleteAccountPage() {
  useDocumentTitle('Data Deletion');
  const session = useSession();
  const queryClient = useQueryClient();
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        eyebrow="Your data"
        title="Data Deletion"
        description="You can ask us to delete your Barback account and the personal data that goes with it at any time. Here is exactly what happens."
      />

      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <div className="flex items-center gap-3">
              <span className="flex size-9 items-center justify-center rounded-full bg-destructive-soft text-danger-text">
                <Trash2Icon className="size-4" aria-hidden="true" />
              </span>
              <CardTitle asChild>
                <h2>What is deleted</h2>
              </CardTitle>
            </div>
          </CardHeader>
          <CardContent>
            <ul className="space-y-2.5 text-sm">
              {deleted.map((item) => (
                <li key={item} className="flex gap-2.5">
                  <CheckIcon className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <div className="flex items-center gap-3">
              <span className="flex size-9 items-center justify-center rounded-full bg-surface-3 text-muted">
                <ArchiveIcon className="size-4" aria-hidden="true" />
              </span>
              <CardTitle asChild>
                <h2>What is retained</h2>
              </CardTitle>
            </div>
          </CardHeader>
          <CardContent>
            <ul className="space-y-2.5 text-sm">
              {retained.map((item) => (
                <li key={item} className="flex gap-2.5">
                  <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-muted" />
                  <span className="text-foreground/90">{item}</span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>

      {session.status === 'signed-in' && session.user ? (
        <div className="mt-10">
          <DeleteAccountPanel email={session.user.email} onDeleted={() => forgetSignedInUser(queryClient)} />
        </div>
      ) : null}

      <section aria-labelledby="how-heading" className="mt-10">
        <h2 id="how-heading" className="font-display text-xl font-semibold">
          Two ways to request deletion
        </h2>
        <ol className="mt-4 grid gap-4 md:grid-cols-2">
          <li className="rounded-xl border border-border bg-surface p-5">
            <div className="flex items-center gap-3">
              <span className="flex size-8 items-center justify-center rounded-full bg-accent-soft font-semibold text-accent">
                1
              </span>
              <SettingsIcon className="size-5 text-muted" aria-hidden="true" />
              <h3 className="font-semibold">In the app</h3>
            </div>
            <p className="mt-3 text-sm text-muted">
              Open Account Actions from Settings when signed in and choose Delete account. The request is sent straight
              from your verified account, so it is the fastest way.
            </p>
          </li>
          <li className="rounded-xl border border-border bg-surface p-5">
            <div className="flex items-center gap-3">
              <span className="flex size-8 items-center justify-center rounded-full bg-accent-soft font-semibold text-accent">
                2
              </span>
              <MailIcon className="size-5 text-muted" aria-hidden="true" />
              <h3 className="font-semibold">By email</h3>
            </div>
            <p className="mt-3 text-sm text-muted">
              Write to <span className="font-medium text-foreground">{LEGAL.privacyEmail}</span> from the email address
              on your account with the subject “Delete my Barback account”. We may ask you to confirm it is you.
            </p>
            <Button asChild variant="outline" size="sm" className="mt-4">
              <a href={mailto}>
                <MailIcon aria-hidden="true" />
                Email {LEGAL.privacyEmail}
              </a>
            </Button>
          </li>
        </ol>
      </section>

      <section aria-labelledby="timeline-heading" className="mt-10">
        <h2 id="timeline-heading" className="font-display text-xl font-semibold">
          Timeline
        </h2>
        <ol className="relative mt-5 space-y-6 border-l border-border-strong pl-6">
          {timeline.map((step) => (
            <li key={step.when} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-1 -left-[1.9rem] size-3 rounded-full bg-accent ring-4 ring-background"
              />
              <p className="font-semibold text-accent">{step.when}</p>
              <p className="mt-1 text-sm text-foreground/90">{step.what}</p>
            </li>
          ))}
        </ol>
        <p className="mt-8 rounded-xl border border-border bg-surface-2/60 p-4 text-sm text-muted">
          Deleting your account does not cancel an App Store subscription. Cancel it in your Apple account settings so
          you are not charged again.
        </p>
      </section>
    </div>
  );
}
