import { MAX_PRICE_CENTS } from '@/shared/schemas/venues';

/** '$14.00' from cents; '' for no price. */
export function formatPrice(cents: number | null): string {
  return cents === null ? '' : `$${(cents / 100).toFixed(2)}`;
}

/**
 * Cents from what the editor typed ('14', '14.5', '$14.50'); null for empty; undefined when it is not a price (or above
 * the server's MAX_PRICE_CENTS).
 */
export function parsePrice(text: string): number | null | undefined {
  const cleaned = text.trim().replace(/^\$/, '');
  if (cleaned === '') return null;
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(cleaned)) return undefined;
  const cents = Math.round(Number(cleaned) * 100);
  return cents <= MAX_PRICE_CENTS ? cents : undefined;
}

/** What the editor is told when {@link parsePrice} refuses the text. */
export const PRICE_HINT = `Write the price like 14 or 14.50 (at most $${(MAX_PRICE_CENTS / 100).toLocaleString('en-US')}).`;
