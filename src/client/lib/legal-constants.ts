/**
 * Numbers the legal pages promise (docs/product.md, Constants and limits, "Other"). Change them here and every page
 * follows.
 */
export const LEGAL = {
  /** Minimum age to hold an account, years. Users must also be of legal drinking age where they live. */
  minimumAge: 18,
  /** Legal drinking age in the United States, years (the age gate asks for it). */
  usDrinkingAge: 21,
  /** Children under this age are never knowingly served, years. */
  childAge: 13,
  /** Liability cap: the greater of the fees paid in this many months... */
  liabilityMonths: 12,
  /** ...or this many US dollars. */
  liabilityFloorUsd: 50,
  /** Usage (analytics) data is kept at most this long, years. */
  usageRetentionYears: 2,
  /** Accounts inactive for more than this may be deleted, years. */
  inactiveAccountYears: 3,
  /** Privacy requests are answered within, days. */
  privacyResponseDays: 30,
  /** A deletion request is acknowledged within, days. */
  deletionAckDays: 7,
  /** A deletion request is completed within, days. */
  deletionDoneDays: 30,
  /** Backups holding deleted data are purged within this range, days. */
  backupPurgeMinDays: 30,
  backupPurgeMaxDays: 90,
  /** Where privacy and deletion requests go. */
  privacyEmail: 'privacy@barback.app',
  /** Date the legal texts were last revised (shown on the pages). */
  updated: 'May 1, 2025',
} as const;
