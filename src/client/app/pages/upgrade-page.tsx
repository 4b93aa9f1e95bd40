import { MailIcon } from 'lucide-react';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/client/components/ui/dialog';
import { hrefs, paths, safeReturnPath } from '@/client/config/paths';
import { useMe } from '@/client/features/account/api/get-me';
import { SupportForm } from '@/client/features/account/components/support-form';
import { Paywall } from '@/client/features/payments/components/paywall';
import { PURCHASE_TEXT, type PurchaseConfirmation } from '@/client/features/payments/hooks/use-purchase-flow';
import { planStatusLine } from '@/client/features/payments/lib/plan-status';
import { isTrialEligible } from '@/shared/domain/plans';
import { useSession } from '@/client/lib/session';
import { openSignInDialog } from '@/client/lib/sign-in-store';
import { showToast } from '@/client/lib/toast-events';
import { useAppEnvironment } from '@/client/lib/use-app-environment';
import { useDocumentTitle } from '@/client/lib/use-document-title';

/** Where Enterprise enquiries go from the native app (docs/product.md, Screens: a mail link). */
export const SALES_EMAIL = 'sales@barback.app';
/** Texts of the Enterprise contact. */
export const CONTACT_SALES_TEXT = {
  button: 'Contact sales',
  title: 'Talk to us about Enterprise',
  description: 'Tell us about your venue and your team. We answer Enterprise enquiries within one business day.',
  message: "Hello, I'd like to hear about Barback Enterprise for my venue.",
} as const;

/** The web's 'Contact sales': the support form in a dialog, starting with an Enterprise enquiry. */
function ContactSalesDialog({ email }: { email: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="lg" data-testid="contact-sales">
          <MailIcon aria-hidden="true" />
          {CONTACT_SALES_TEXT.button}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{CONTACT_SALES_TEXT.title}</DialogTitle>
          <DialogDescription>{CONTACT_SALES_TEXT.description}</DialogDescription>
        </DialogHeader>
        <SupportForm defaultEmail={email} page={paths.upgrade} defaultMessage={CONTACT_SALES_TEXT.message} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * The page of `/upgrade` (docs/product.md: Screens, States, Constants and limits): the paywall. Once the server confirms a purchase, the user goes
 * back to the page a gate sent them from (`?from=`) or to /profile, with 'Purchase successful'; a confirmed restore goes
 * to the origin with 'Purchases restored', or to /profile?restored=1 (which shows that toast). Enterprise is reached by
 * contacting sales: a mail link in the native app, nothing on toast devices, the support form elsewhere. The tab bar is
 * hidden here (shell). A subscriber sees their plan and when it renews or ends (from /api/me); the trial is offered only
 * to someone who never held a paid plan. Exports `Component` (react-router lazy convention).
 */
export function UpgradePage() {
  useDocumentTitle('Upgrade');
  const session = useSession();
  const env = useAppEnvironment();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const from = safeReturnPath(params.get('from'));
  const me = useMe();
  const plan = session.user?.appMetadata?.plan ?? 'free';
  const details = me.data?.entitlementDetails ?? [];
  // One trial per subscriber: none for a current or past Pro or Enterprise user (the session knows a lapse before /api/me).
  const trialEligible = plan === 'free' && session.user?.appMetadata?.lapsed !== true && isTrialEligible(details);

  const onConfirmed = useCallback(
    ({ kind }: PurchaseConfirmation) => {
      if (kind === 'purchase') {
        showToast({ title: PURCHASE_TEXT.purchaseSuccess, variant: 'success' });
        void navigate(from ?? paths.profile, { replace: true });
      } else if (from) {
        showToast({ title: PURCHASE_TEXT.restoreSuccess, variant: 'success' });
        void navigate(from, { replace: true });
      } else {
        void navigate(hrefs.profile({ restored: true }), { replace: true });
      }
    },
    [from, navigate],
  );

  const enterpriseContact = env.isToast ? null : env.isNativeApp ? (
    <Button asChild variant="outline" size="lg" data-testid="contact-sales">
      <a href={`mailto:${SALES_EMAIL}?subject=${encodeURIComponent('Barback Enterprise')}`}>
        <MailIcon aria-hidden="true" />
        {CONTACT_SALES_TEXT.button}
      </a>
    </Button>
  ) : (
    <ContactSalesDialog email={session.user?.email ?? ''} />
  );

  return (
    <Paywall
      viewer={session.status}
      plan={plan}
      planStatus={me.data ? planStatusLine(plan, details) : null}
      trialEligible={trialEligible}
      onSignIn={() => openSignInDialog('prompt')}
      onConfirmed={onConfirmed}
      enterpriseContact={enterpriseContact}
    />
  );
}
