import { readItem, writeItem } from '@/client/lib/storage';

/** localStorage key of the age-verified marker (docs/product.md, Records, "Local flags"). */
export const AGE_VERIFIED_KEY = 'bb:age-verified';
/**
 * Value stored once the visitor confirms legal drinking age (docs/product.md, Constants and limits: marker value v1).
 */
export const AGE_VERIFIED_VALUE = 'v1';

/**
 * True when this browser has confirmed legal drinking age before (localStorage 'bb:age-verified' is exactly 'v1').
 * Any other value (an older marker, garbage) counts as unverified so the gate shows again.
 */
export function isAgeVerified(): boolean {
  return readItem(AGE_VERIFIED_KEY) === AGE_VERIFIED_VALUE;
}

/**
 * Persists the visitor's confirmation (docs/product.md, Screens: 'Yes' is stored persistently).
 * @returns false when storage is unavailable (the gate then only stays open for this page load).
 */
export function markAgeVerified(): boolean {
  return writeItem(AGE_VERIFIED_KEY, AGE_VERIFIED_VALUE);
}
