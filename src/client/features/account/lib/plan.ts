import type { AccountPlan } from '../api/get-me';

/** Display labels of the plans (spec section 3 "Plan": Enterprise, Pro, Free). */
export const PLAN_LABELS: Record<AccountPlan, string> = {
  free: 'Free',
  pro: 'Pro',
  enterprise: 'Enterprise',
};

/** The label of `plan`; an unknown value reads as Free (spec section 3: free when nothing else applies). */
export function planLabel(plan: string | null | undefined): string {
  return plan === 'pro' || plan === 'enterprise' ? PLAN_LABELS[plan] : PLAN_LABELS.free;
}
