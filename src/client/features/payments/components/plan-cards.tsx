import { Building2Icon, CheckIcon, SparklesIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { cn } from '@/client/lib/utils';
import {
  DEFAULT_PRICES_USD,
  ENTERPRISE_ANNUAL_SAVING_LABEL,
  ENTERPRISE_INCLUDED_SEATS,
  formatUsd,
  FREE_TRIAL_DAYS,
  monthlyEquivalent,
  type BillingCycle,
} from '@/shared/domain/plans';
import { monthlyEquivalentText, parsePriceText, type IndividualOfferings } from '../lib/offerings';

/** Texts of the plan cards. */
export const PLAN_CARD_TEXT = {
  individual: 'Individual',
  individualTag: 'Pro',
  individualPitch: 'Everything for your home bar.',
  enterprise: 'Enterprise',
  enterpriseTag: 'For bars and venues',
  enterprisePitch: 'Your whole team behind one bar.',
  perMonth: '/month',
  trial: `Free ${FREE_TRIAL_DAYS}-day trial`,
  seats: `${ENTERPRISE_INCLUDED_SEATS} staff seats included`,
  saving: ENTERPRISE_ANNUAL_SAVING_LABEL,
} as const;

/** The bullets of each card. */
const INDIVIDUAL_FEATURES = [
  'Advanced My Bar: what you can make now',
  'Unlimited saves',
  'Favorites and collections',
  'Notes and ratings',
] as const;
const ENTERPRISE_FEATURES = [
  `${ENTERPRISE_INCLUDED_SEATS} staff seats, more when you grow`,
  'Branded menu with a QR code for guests',
  'Signature cocktails with photos',
  'Team My Bar inventory',
  'Priority support',
] as const;

/** The price lines of one card: the big per-month figure and the small print under it. */
interface PriceLines {
  main: string;
  note: string;
}

/**
 * The Individual price lines for `cycle` from the offerings' price texts: monthly as it is; annual shown as its monthly
 * equivalent (annual / 12) billed yearly ($45.00 -> $3.75/month; docs/payments.md).
 */
export function individualPrice(offerings: IndividualOfferings, cycle: BillingCycle): PriceLines {
  if (cycle === 'monthly') return { main: offerings.monthly.price, note: 'billed monthly' };
  const annual = offerings.annual.price;
  return { main: monthlyEquivalentText(annual) ?? annual, note: `billed yearly at ${annual}` };
}

/** The Enterprise price lines for `cycle` (docs/payments.md: $89.99 monthly; $918.99 a year shown as $76.58/month). */
export function enterprisePrice(cycle: BillingCycle): PriceLines {
  const { monthly, annual } = DEFAULT_PRICES_USD.enterprise;
  if (cycle === 'monthly') return { main: formatUsd(monthly), note: 'billed monthly' };
  return { main: formatUsd(monthlyEquivalent(annual)), note: `billed yearly at ${formatUsd(annual)}` };
}

/**
 * The saving of paying yearly over twelve monthly payments, whole percent (0 when either price cannot be read):
 * 1 - annual / (12 x monthly). Individual: 1 - 45 / 59.88 = 25 %.
 */
export function annualSavingPercent(monthlyText: string, annualText: string): number {
  const monthly = parsePriceText(monthlyText)?.amount;
  const annual = parsePriceText(annualText)?.amount;
  if (!monthly || !annual) return 0;
  return Math.max(0, Math.round((1 - annual / (12 * monthly)) * 100));
}

/** One plan card: heading, price, bullets and the action slot. */
function PlanCard({
  id,
  icon,
  title,
  tag,
  pitch,
  price,
  highlights,
  features,
  action,
  featured,
  testId,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  tag: string;
  pitch: string;
  price: PriceLines;
  highlights: ReactNode;
  features: readonly string[];
  action: ReactNode;
  featured?: boolean;
  testId: string;
}) {
  return (
    <section
      aria-labelledby={id}
      data-testid={testId}
      className={cn(
        'relative flex flex-col gap-5 rounded-2xl border bg-surface p-5 shadow-card sm:p-6',
        featured
          ? 'border-accent/60 bg-[radial-gradient(ellipse_at_top_right,rgb(230_168_79/0.18),transparent_65%)] shadow-glow'
          : 'border-border',
      )}
    >
      <header className="flex items-start justify-between gap-3">
        <div>
          <h2 id={id} className="flex items-center gap-2 font-display text-2xl font-semibold">
            {icon}
            {title}
          </h2>
          <p className="mt-1 text-sm text-muted">{pitch}</p>
        </div>
        <Badge variant={featured ? 'accent' : 'outline'}>{tag}</Badge>
      </header>
      <div>
        <p className="flex items-baseline gap-1">
          <span className="font-display text-4xl font-semibold tabular-nums" data-testid={`${testId}-price`}>
            {price.main}
          </span>
          <span className="text-sm text-muted">{PLAN_CARD_TEXT.perMonth}</span>
        </p>
        <p className="mt-1 text-sm text-muted" data-testid={`${testId}-billing`}>
          {price.note}
        </p>
        <div className="mt-3 flex min-h-6 flex-wrap gap-2">{highlights}</div>
      </div>
      <ul className="flex flex-1 flex-col gap-2 text-sm">
        {features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <CheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
            {feature}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2">{action}</div>
    </section>
  );
}

/** Props of {@link PlanCards}. */
export interface PlanCardsProps {
  cycle: BillingCycle;
  offerings: IndividualOfferings;
  /** The Individual card's action (buy, sign in, current plan). */
  individualAction: ReactNode;
  /** The Enterprise card's action (contact sales, current plan), or null for none. */
  enterpriseAction: ReactNode;
  /** Whether the Individual card shows the free-trial badge (only for someone who never held a paid plan). */
  trialBadge?: boolean;
}

/**
 * The paywall's two plan cards (docs/payments.md): Individual (Pro) with the offerings' prices (annual shown per month,
 * billed yearly) and the free trial (when `trialBadge`); Enterprise with its prices, 'Save 15% annually' on the annual cycle and the included
 * seats.
 */
export function PlanCards({ cycle, offerings, individualAction, enterpriseAction, trialBadge = true }: PlanCardsProps) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <PlanCard
        id="plan-individual"
        testId="plan-individual"
        icon={<SparklesIcon aria-hidden="true" className="size-5 text-accent" />}
        title={PLAN_CARD_TEXT.individual}
        tag={PLAN_CARD_TEXT.individualTag}
        pitch={PLAN_CARD_TEXT.individualPitch}
        price={individualPrice(offerings, cycle)}
        highlights={trialBadge ? <Badge variant="accent">{PLAN_CARD_TEXT.trial}</Badge> : null}
        features={INDIVIDUAL_FEATURES}
        action={individualAction}
        featured
      />
      <PlanCard
        id="plan-enterprise"
        testId="plan-enterprise"
        icon={<Building2Icon aria-hidden="true" className="size-5 text-accent" />}
        title={PLAN_CARD_TEXT.enterprise}
        tag={PLAN_CARD_TEXT.enterpriseTag}
        pitch={PLAN_CARD_TEXT.enterprisePitch}
        price={enterprisePrice(cycle)}
        highlights={
          <>
            <Badge variant="outline">{PLAN_CARD_TEXT.seats}</Badge>
            {cycle === 'annual' ? <Badge variant="accent">{PLAN_CARD_TEXT.saving}</Badge> : null}
          </>
        }
        features={ENTERPRISE_FEATURES}
        action={enterpriseAction}
      />
    </div>
  );
}
