import { BadgeCheckIcon, InfoIcon, LoaderCircleIcon } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/client/components/ui/button';
import { ToggleGroup, ToggleGroupItem } from '@/client/components/ui/toggle-group';
import { featureFlags } from '@/client/config/feature-flags';
import { track } from '@/client/lib/analytics';
import { useAppEnvironment } from '@/client/lib/use-app-environment';
import {
  DEFAULT_BILLING_CYCLE,
  ENTERPRISE_ADDITIONS,
  planLabel,
  type BillingCycle,
  type PlanName,
} from '@/shared/domain/plans';
import { useOfferings } from '../hooks/use-offerings';
import { PURCHASE_TEXT, usePurchaseFlow, type PurchaseConfirmation } from '../hooks/use-purchase-flow';
import { ComparisonTable } from './comparison-table';
import { PaywallFooter } from './paywall-footer';
import { annualSavingPercent, PlanCards } from './plan-cards';

/** Texts of the paywall. */
export const PAYWALL_TEXT = {
  eyebrow: 'Barback Pro',
  title: 'Unlock your whole bar',
  lead: 'Know what you can pour tonight, keep every recipe you love, and plan the next bottle.',
  onPlan: (plan: string) => `You are on ${plan}`,
  enterpriseAdds: 'What Enterprise adds',
  cycleLabel: 'Billing cycle',
  monthly: 'Monthly',
  annual: 'Annual',
  startTrial: 'Start free trial',
  subscribe: 'Subscribe',
  signInToSubscribe: 'Sign in to subscribe',
  signInNote: 'Your plan follows your account to every device.',
  currentPlan: 'Current plan',
  includedInEnterprise: 'Included in your Enterprise plan',
  processing: 'Processing…',
  confirming: 'Confirming…',
  webNotice: PURCHASE_TEXT.purchaseUnavailable,
  webNoticeDetail: 'Compare the plans here, then subscribe from Barback on your iPhone with the same account.',
  toastNotice: 'Purchases are not offered on this device.',
  notOnThisDevice: 'Not available on this device',
} as const;

/** Props of {@link Paywall}. */
export interface PaywallProps {
  /** Who is looking: 'loading' while the session is read. */
  viewer: 'loading' | 'signed-out' | 'signed-in';
  /** The signed-in user's plan as the server reports it (free for visitors). */
  plan: PlanName;
  /** Opens the sign-in dialog (a purchase needs an account: the store ties it to the user id). */
  onSignIn: () => void;
  /** Runs once the server confirms a purchase or restore. */
  onConfirmed: (confirmation: PurchaseConfirmation) => void;
  /** The Enterprise card's 'Contact sales' action for this environment (null: none, as on toast devices). */
  enterpriseContact: ReactNode;
  /** When the current paid plan renews or ends ('Renews on ...', planStatusLine), or null (free, or not known yet). */
  planStatus?: string | null;
  /** Whether the free trial is offered (badge and 'Start free trial'): false once the user has or had a paid plan. */
  trialEligible?: boolean;
}

/** What Enterprise adds over Individual, for a Pro subscriber: one line per comparison row that differs. */
function EnterpriseAdditions() {
  return (
    <section
      aria-labelledby="enterprise-adds"
      className="mt-2 w-full max-w-xl rounded-xl border border-border bg-surface-2 px-4 py-3 text-left text-sm"
    >
      <h2 id="enterprise-adds" className="font-medium">
        {PAYWALL_TEXT.enterpriseAdds}
      </h2>
      <ul className="mt-2 flex flex-col gap-1 text-muted" data-testid="enterprise-additions">
        {ENTERPRISE_ADDITIONS.map((row) => (
          <li key={row.feature}>
            {row.feature}
            {typeof row.enterprise === 'string' ? `: ${row.enterprise}` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The paywall of /upgrade (docs/payments.md): the billing toggle (annual by default), the Individual and Enterprise
 * cards with the offerings' prices, the comparison table, and the footer with purchase errors in red and Restore.
 * Inside the native app the Individual button buys through the wrapper; on the web the page says why purchases are not
 * available (and the buttons say it again when pressed, by the button as well as in the footer, so a phone shows it
 * where the thumb is); a toast device never sells, so its button is disabled and says so, and it offers no Restore;
 * signed-out visitors are asked to sign in first; a user who has the plan sees 'Current plan', and the header names
 * their plan with `planStatus` (a Pro user also sees what Enterprise adds). The trial (badge and button) is offered only
 * while `trialEligible`. Tracks paywall_view, paywall_toggle and plan_select.
 */
export function Paywall({
  viewer,
  plan,
  onSignIn,
  onConfirmed,
  enterpriseContact,
  planStatus = null,
  trialEligible = true,
}: PaywallProps) {
  const env = useAppEnvironment();
  const [cycle, setCycle] = useState<BillingCycle>(DEFAULT_BILLING_CYCLE);
  const { offerings } = useOfferings();
  const flow = usePurchaseFlow({ onConfirmed });
  const viewed = useRef(false);

  useEffect(() => {
    if (viewed.current) return;
    viewed.current = true;
    track('paywall_view', { cycle: DEFAULT_BILLING_CYCLE });
  }, []);

  const onCycle = (value: string) => {
    if (value !== 'monthly' && value !== 'annual') return;
    setCycle(value);
    track('paywall_toggle', { cycle: value });
  };

  const saving = annualSavingPercent(offerings.monthly.price, offerings.annual.price);
  const processing = flow.state.status !== 'idle' && flow.state.kind === 'purchase';
  const restoring = flow.state.status !== 'idle' && flow.state.kind === 'restore';
  const confirming = flow.confirmation === 'checking';
  // Which button the footer's error answers: the purchase error is repeated under the Individual button.
  const [pressed, setPressed] = useState<'purchase' | 'restore' | null>(null);
  const buyError = pressed === 'purchase' ? flow.state.error : null;

  let individualAction: ReactNode;
  if (plan === 'pro' || plan === 'enterprise') {
    individualAction = (
      <p
        className="flex h-12 items-center justify-center gap-2 rounded-lg border border-accent/40 bg-accent-soft font-medium text-accent"
        data-testid="individual-current-plan"
      >
        <BadgeCheckIcon aria-hidden="true" className="size-5" />
        {plan === 'pro' ? PAYWALL_TEXT.currentPlan : PAYWALL_TEXT.includedInEnterprise}
      </p>
    );
  } else if (env.isToast) {
    individualAction = (
      <Button size="lg" disabled aria-describedby="purchase-availability-text" data-testid="individual-unavailable">
        {PAYWALL_TEXT.notOnThisDevice}
      </Button>
    );
  } else if (viewer === 'signed-out') {
    individualAction = (
      <>
        <Button size="lg" onClick={onSignIn} data-testid="individual-sign-in">
          {PAYWALL_TEXT.signInToSubscribe}
        </Button>
        <p className="text-center text-xs text-muted">{PAYWALL_TEXT.signInNote}</p>
      </>
    );
  } else {
    const label = processing
      ? confirming
        ? PAYWALL_TEXT.confirming
        : PAYWALL_TEXT.processing
      : trialEligible
        ? PAYWALL_TEXT.startTrial
        : PAYWALL_TEXT.subscribe;
    individualAction = (
      <>
        <Button
          size="lg"
          data-testid="individual-buy"
          disabled={viewer === 'loading' || flow.busy}
          aria-describedby={buyError ? 'individual-buy-error' : undefined}
          onClick={() => {
            track('plan_select', { plan: 'pro', cycle });
            setPressed('purchase');
            flow.purchase(offerings[cycle].productId);
          }}
        >
          {processing ? <LoaderCircleIcon aria-hidden="true" className="animate-spin" /> : null}
          {label}
        </Button>
        {/* A copy of the footer's alert (which screen readers already hear), placed where the button was pressed. */}
        {buyError ? (
          <p
            id="individual-buy-error"
            data-testid="individual-buy-error"
            className="text-center text-sm font-medium text-danger-text"
          >
            {buyError}
          </p>
        ) : null}
      </>
    );
  }

  const enterpriseAction: ReactNode =
    plan === 'enterprise' ? (
      <p
        className="flex h-12 items-center justify-center gap-2 rounded-lg border border-accent/40 bg-accent-soft font-medium text-accent"
        data-testid="enterprise-current-plan"
      >
        <BadgeCheckIcon aria-hidden="true" className="size-5" />
        {PAYWALL_TEXT.currentPlan}
      </p>
    ) : featureFlags.enterpriseCta ? (
      enterpriseContact
    ) : null;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8">
      <header className="flex flex-col items-center gap-3 pt-2 text-center">
        <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">{PAYWALL_TEXT.eyebrow}</p>
        <h1 className="font-display text-3xl font-semibold tracking-[-0.02em] text-balance md:text-4xl">
          {plan === 'free' ? PAYWALL_TEXT.title : PAYWALL_TEXT.onPlan(planLabel(plan))}
        </h1>
        {plan === 'free' ? (
          <p className="max-w-xl text-muted text-pretty">{PAYWALL_TEXT.lead}</p>
        ) : planStatus ? (
          <p className="max-w-xl text-muted text-pretty" data-testid="paywall-plan-status">
            {planStatus}
          </p>
        ) : null}
        {plan === 'pro' ? <EnterpriseAdditions /> : null}
        {!env.isNativeApp || env.isToast ? (
          <div
            className="mt-2 flex max-w-xl items-start gap-3 rounded-xl border border-border-strong bg-surface-2 px-4 py-3 text-left text-sm"
            data-testid="purchase-availability"
          >
            <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
            <p id="purchase-availability-text">
              <span className="font-medium">{env.isToast ? PAYWALL_TEXT.toastNotice : PAYWALL_TEXT.webNotice}</span>{' '}
              <span className="text-muted">{env.isToast ? PAYWALL_TEXT.webNotice : PAYWALL_TEXT.webNoticeDetail}</span>
            </p>
          </div>
        ) : null}
        <div className="mt-3 flex flex-col items-center gap-2">
          <ToggleGroup
            type="single"
            value={cycle}
            onValueChange={onCycle}
            aria-label={PAYWALL_TEXT.cycleLabel}
            size="lg"
            data-testid="billing-cycle"
          >
            <ToggleGroupItem value="monthly" className="min-w-28">
              {PAYWALL_TEXT.monthly}
            </ToggleGroupItem>
            <ToggleGroupItem value="annual" className="min-w-28">
              {PAYWALL_TEXT.annual}
            </ToggleGroupItem>
          </ToggleGroup>
          <p className="h-5 text-xs text-muted">{saving > 0 ? `Pay yearly and save ${saving}% on Individual` : ''}</p>
        </div>
      </header>

      <PlanCards
        cycle={cycle}
        offerings={offerings}
        individualAction={individualAction}
        enterpriseAction={enterpriseAction}
        trialBadge={trialEligible}
      />

      <ComparisonTable />

      <PaywallFooter
        error={flow.state.error}
        notice={flow.notice}
        restoring={restoring}
        onRestore={() => {
          setPressed('restore');
          flow.restore();
        }}
        showRestore={viewer === 'signed-in' && !env.isToast}
      />
    </div>
  );
}
