import type { Entitlement } from '@/shared/schemas/payments';
import type { PlanName } from '@/shared/domain/plans';

/** A date as 'December 25, 2026' (en-US, the user's time zone); '' when it cannot be read. */
export function formatPlanDate(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(time);
}

/**
 * The line under the Current Plan: when the plan renews or ends, from the active entitlement that gives the plan
 * ('Renews on ...', 'Trial ends on ...' (', will not renew' once cancelled), 'Ends on ...', 'No end date'), plus a billing warning. Null for the free plan
 * or when the plan's entitlement is not among `details`.
 */
export function planStatusLine(plan: PlanName, details: readonly Entitlement[]): string | null {
  if (plan === 'free') return null;
  const detail = details.find((entitlement) => entitlement.name === plan && entitlement.active);
  if (!detail) return null;
  if (detail.expiresAt === null)
    return detail.source === 'admin' ? 'Granted by Barback support, no end date' : 'No end date';
  const date = formatPlanDate(detail.expiresAt);
  if (detail.billingIssue) return `Payment problem: update your payment method in the App Store before ${date}`;
  // A cancelled trial still runs to its end and is not charged (RevenueCat's CANCELLATION during a trial).
  if (detail.periodType === 'TRIAL')
    return detail.willRenew ? `Trial ends on ${date}` : `Trial ends on ${date}, will not renew`;
  return detail.willRenew ? `Renews on ${date}` : `Ends on ${date}`;
}
