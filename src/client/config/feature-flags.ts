/**
 * Feature flags, from the build's configuration (Vite env: set `VITE_FLAG_<NAME>=1|0` when building), with the defaults of
 * docs/product.md, What Barback is: the enterprise call-to-action on, paywall gating on, the QA panel off, the build
 * banner off.
 */

/** A flag's value from its env text: '1'/'true'/'on' -> true, '0'/'false'/'off' -> false, anything else -> `fallback`. */
export function readFlag(value: unknown, fallback: boolean): boolean {
  if (typeof value !== 'string') return fallback;
  const text = value.trim().toLowerCase();
  if (text === '1' || text === 'true' || text === 'on') return true;
  if (text === '0' || text === 'false' || text === 'off') return false;
  return fallback;
}

/** The flags this build runs with. */
export const featureFlags = {
  /** The paywall's Enterprise 'Contact sales' action (VITE_FLAG_ENTERPRISE_CTA, default on). */
  enterpriseCta: readFlag(import.meta.env.VITE_FLAG_ENTERPRISE_CTA, true),
  /** The client-side gate of /my-bar (VITE_FLAG_PAYWALL_GATING, default on); the server enforces the plan regardless. */
  paywallGating: readFlag(import.meta.env.VITE_FLAG_PAYWALL_GATING, true),
  /** The QA panel: the diagnostic panel without ?debug=1 (VITE_FLAG_QA_PANEL, default off). */
  qaPanel: readFlag(import.meta.env.VITE_FLAG_QA_PANEL, false),
  /** A thin banner naming the channel, version and build (VITE_FLAG_BUILD_BANNER, default off). */
  buildBanner: readFlag(import.meta.env.VITE_FLAG_BUILD_BANNER, false),
} as const;
