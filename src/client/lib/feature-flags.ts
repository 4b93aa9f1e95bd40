/**
 * Feature flags (spec section 1 "Feature flags seen"): enterprise call-to-action on, paywall gating on, QA panel off,
 * build banner off. Static for now: flip them here; nothing reads them from the network.
 */
export const featureFlags = {
  /** Show the Enterprise "contact sales" call-to-action on the paywall. */
  enterpriseCta: true,
  /** Gate paid features (My Bar) behind an entitlement. */
  paywallGating: true,
  /** Show the in-app QA panel. */
  qaPanel: false,
  /** Show a banner naming the build. */
  buildBanner: false,
} as const;

/** Name of one feature flag. */
export type FeatureFlag = keyof typeof featureFlags;

/** True when `flag` is on. */
export function isFeatureEnabled(flag: FeatureFlag): boolean {
  return featureFlags[flag];
}
