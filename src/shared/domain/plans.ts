/**
 * Plans, entitlements and prices (docs/product.md: Records, Roles and plans, Constants and limits). Pure: no I/O, no
 * zod, so the server, the client's first load and the paywall all read the same rules.
 */

/** The paid entitlements (docs/product.md, Records: 'pro' and 'enterprise' are the paid ones). */
export const ENTITLEMENT_NAMES = ['pro', 'enterprise'] as const;
/** One paid entitlement. */
export type EntitlementName = (typeof ENTITLEMENT_NAMES)[number];

/** The plans, lowest first. */
export const PLAN_NAMES = ['free', 'pro', 'enterprise'] as const;
/** A plan, derived from the entitlements. */
export type PlanName = (typeof PLAN_NAMES)[number];

/** Display labels of the plans (docs/product.md, Records: Enterprise, Pro, Free). */
export const PLAN_LABELS: Record<PlanName, string> = { free: 'Free', pro: 'Pro', enterprise: 'Enterprise' };

/** True when `value` is one of the paid entitlement names. */
export function isEntitlementName(value: unknown): value is EntitlementName {
  return value === 'pro' || value === 'enterprise';
}

/**
 * The plan of a list of entitlements, exactly as docs/product.md, Records, has it: enterprise if the list contains
 * 'enterprise'; else pro if it contains 'pro'; else free (also free when the list is empty, missing or not a list).
 * Other strings are ignored.
 */
export function planFromEntitlements(entitlements: readonly unknown[] | null | undefined): PlanName {
  if (!Array.isArray(entitlements)) return 'free';
  if (entitlements.includes('enterprise')) return 'enterprise';
  if (entitlements.includes('pro')) return 'pro';
  return 'free';
}

/** The label of `plan`; anything unknown reads as Free. */
export function planLabel(plan: unknown): string {
  return plan === 'pro' || plan === 'enterprise' ? PLAN_LABELS[plan] : PLAN_LABELS.free;
}

/**
 * True when a plan holding `entitlements` satisfies `required`: 'pro' is met by pro or enterprise (enterprise beats pro),
 * 'enterprise' only by enterprise.
 */
export function satisfiesEntitlement(entitlements: readonly unknown[], required: EntitlementName): boolean {
  const plan = planFromEntitlements(entitlements);
  return required === 'pro' ? plan !== 'free' : plan === 'enterprise';
}

/** What {@link isEntitlementActive} reads of a stored entitlement. */
export interface EntitlementPeriod {
  /** When access ends, ISO 8601 or a Date; null for access that does not expire (a lifetime purchase, a support grant). */
  expiresAt: string | Date | null;
}

/**
 * True while an entitlement counts: it has no end, or its end is still ahead of `now`. It stops counting at the instant
 * `expiresAt` passes, with no job having to run. An unreadable date counts as ended.
 */
export function isEntitlementActive(entitlement: EntitlementPeriod, now: Date = new Date()): boolean {
  if (entitlement.expiresAt === null) return true;
  const end = new Date(entitlement.expiresAt).getTime();
  return Number.isFinite(end) && end > now.getTime();
}

/** The names of the entitlements of `rows` that are active at `now`, without repeats, in {@link ENTITLEMENT_NAMES} order. */
export function activeEntitlementNames<T extends EntitlementPeriod & { name: string }>(
  rows: readonly T[],
  now: Date = new Date(),
): EntitlementName[] {
  const active = new Set(rows.filter((row) => isEntitlementActive(row, now)).map((row) => row.name));
  return ENTITLEMENT_NAMES.filter((name) => active.has(name));
}

/**
 * True when the plan `required` names has lapsed for the owner of `rows` at `now`: no active entitlement satisfies
 * `required`, yet one that would (pro or enterprise for 'pro'; enterprise for 'enterprise') was held and has ended. A
 * lapsed user keeps reading and removing what they made; only the writes the plan sells are refused. Never-paid users
 * (no such row) have not lapsed.
 */
export function hasLapsed<T extends EntitlementPeriod & { name: string }>(
  rows: readonly T[],
  required: EntitlementName = 'pro',
  now: Date = new Date(),
): boolean {
  if (satisfiesEntitlement(activeEntitlementNames(rows, now), required)) return false;
  return rows.some((row) => isEntitlementName(row.name) && satisfiesEntitlement([row.name], required));
}

// ---------------------------------------------------------------------------------------------------------------------
// Offerings and prices (docs/product.md, Constants and limits, "Plans and prices").

/** Billing cycles of the paywall's toggle; annual is the default (docs/product.md, Constants and limits). */
export const BILLING_CYCLES = ['monthly', 'annual'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];
export const DEFAULT_BILLING_CYCLE: BillingCycle = 'annual';

/** The two offerings on sale: Individual (grants 'pro') and Enterprise (grants 'enterprise'). */
export type OfferingId = 'individual' | 'enterprise';

/** The App Store product ids (docs/product.md, Constants and limits: ids ending pro.monthly and pro.annual). */
export const PRODUCT_IDS = {
  individual: { monthly: 'app.barback.pro.monthly', annual: 'app.barback.pro.annual' },
  enterprise: { monthly: 'app.barback.enterprise.monthly', annual: 'app.barback.enterprise.annual' },
} as const satisfies Record<OfferingId, Record<BillingCycle, string>>;

/**
 * The Enterprise add-on that buys one more staff seat for the purchaser's venue (a non-renewing purchase in the iOS
 * app: extra seats are addable).
 */
export const SEAT_ADDON_PRODUCT_ID = 'app.barback.enterprise.seat';

/** The entitlement each offering grants. */
export const OFFERING_ENTITLEMENT: Record<OfferingId, EntitlementName> = {
  individual: 'pro',
  enterprise: 'enterprise',
};

/**
 * Default prices in US dollars per billing period (docs/payments.md): Individual $4.99 a month or $45.00 a year; Enterprise
 * $89.99 a month or $918.99 a year. The native wrapper's offerings replace the Individual prices when they arrive.
 */
export const DEFAULT_PRICES_USD: Record<OfferingId, Record<BillingCycle, number>> = {
  individual: { monthly: 4.99, annual: 45.0 },
  enterprise: { monthly: 89.99, annual: 918.99 },
};

/** Length of Individual's free trial, days (docs/product.md, Constants and limits). */
export const FREE_TRIAL_DAYS = 7;
/** Staff seats the Enterprise plan includes (docs/product.md: Roles and plans, Constants and limits). */
export const ENTERPRISE_INCLUDED_SEATS = 10;
/** The label of Enterprise's annual saving (docs/product.md, Constants and limits). */
export const ENTERPRISE_ANNUAL_SAVING_LABEL = 'Save 15% annually';

/**
 * The monthly equivalent of an annual price: the annual price divided by 12, rounded to the cent (docs/product.md,
 * Constants and limits: $45.00 -> $3.75; $918.99 -> $76.58).
 */
export function monthlyEquivalent(annualPrice: number): number {
  return Math.round((annualPrice / 12) * 100) / 100;
}

/** `amount` as US dollars with cents: 4.99 -> '$4.99', 45 -> '$45.00'. */
export function formatUsd(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

/**
 * The entitlement a product id grants, read from its id (`...pro.monthly` -> 'pro', `...enterprise.annual` ->
 * 'enterprise'); null for any other product. Used by the wrapper simulator and to label a store product.
 */
export function entitlementForProduct(productId: string): EntitlementName | null {
  if (/(^|\.)enterprise(\.|$)/.test(productId)) return 'enterprise';
  if (/(^|\.)pro(\.|$)/.test(productId)) return 'pro';
  return null;
}

/** The billing cycle a product id names (`...annual` or `...monthly`), or null. */
export function cycleForProduct(productId: string): BillingCycle | null {
  if (/annual|yearly/.test(productId)) return 'annual';
  if (/monthly/.test(productId)) return 'monthly';
  return null;
}

/** One row of the paywall's comparison table (docs/payments.md): what each paid plan includes. */
export interface ComparisonRow {
  feature: string;
  individual: boolean | string;
  enterprise: boolean | string;
}

/** The paywall's comparison rows, in order. */
export const COMPARISON_ROWS: readonly ComparisonRow[] = [
  { feature: 'Unlimited saves', individual: true, enterprise: true },
  { feature: 'Advanced My Bar', individual: true, enterprise: true },
  { feature: 'Favorites and collections', individual: true, enterprise: true },
  { feature: 'Notes and ratings', individual: true, enterprise: true },
  { feature: 'Team seats', individual: false, enterprise: `${ENTERPRISE_INCLUDED_SEATS} included` },
  { feature: 'Branding and QR menu', individual: false, enterprise: true },
  { feature: 'Signature cocktails', individual: false, enterprise: true },
  { feature: 'Support', individual: 'Standard', enterprise: 'Priority' },
  { feature: 'No ads', individual: true, enterprise: true },
];

/**
 * Own recipes a free account keeps; Pro and Enterprise keep any number (the comparison's 'Unlimited saves' row). Past it
 * a new recipe is refused and nothing already written is taken away (docs/payments.md).
 */
export const FREE_OWN_RECIPES = 10;

/** How many own recipes `plan` may keep: {@link FREE_OWN_RECIPES} for free, null (no limit) for a paid plan. */
export function ownRecipeLimit(plan: PlanName): number | null {
  return plan === 'free' ? FREE_OWN_RECIPES : null;
}

/**
 * The comparison rows Enterprise adds to or improves over Individual (team seats, the branded QR menu, signature
 * cocktails, priority support): what a Pro subscriber would gain, in {@link COMPARISON_ROWS} order.
 */
export const ENTERPRISE_ADDITIONS: readonly ComparisonRow[] = COMPARISON_ROWS.filter(
  (row) => row.enterprise !== row.individual,
);

/**
 * True when the owner of `rows` (their entitlement rows, active or ended) may still start Individual's free trial: they
 * never held a paid plan. The store gives one trial per subscriber, so a current or past Pro or Enterprise user has none.
 */
export function isTrialEligible(rows: readonly { name: string }[]): boolean {
  return !rows.some((row) => isEntitlementName(row.name));
}
