import {
  DEFAULT_PRICES_USD,
  formatUsd,
  monthlyEquivalent,
  PRODUCT_IDS,
  type BillingCycle,
} from '@/shared/domain/plans';
import type { OfferingPackage } from '@/shared/schemas/payments';

/** The Individual plan's packages as the paywall shows them: the price text and product id per cycle. */
export type IndividualOfferings = Record<BillingCycle, OfferingPackage>;

/**
 * The default Individual packages (docs/product.md, Constants and limits: $4.99 monthly, $45.00 annual), until the
 * wrapper sends its own.
 */
export const DEFAULT_INDIVIDUAL_OFFERINGS: IndividualOfferings = {
  monthly: { price: formatUsd(DEFAULT_PRICES_USD.individual.monthly), productId: PRODUCT_IDS.individual.monthly },
  annual: { price: formatUsd(DEFAULT_PRICES_USD.individual.annual), productId: PRODUCT_IDS.individual.annual },
};

/** A localized price text split around its number: '€49,99' -> {prefix: '€', amount: 49.99, suffix: '', decimal: ','}. */
export interface PriceText {
  prefix: string;
  amount: number;
  suffix: string;
  decimal: '.' | ',';
}

/**
 * Reads the number out of a store's localized price text ('$45.00', '45,00 €', 'US$4.99', '¥600').
 * @returns the parts, or null when the text holds no number.
 */
export function parsePriceText(text: string): PriceText | null {
  const match = /^(\D*?)(\d{1,3}(?:[ ,.\u00a0\u202f]\d{3})*|\d+)(?:([.,])(\d{1,2}))?(\D*)$/.exec(text.trim());
  if (!match) return null;
  const [, prefix = '', whole = '', separator, fraction, suffix = ''] = match;
  const amount = Number(`${whole.replace(/[ ,.\u00a0\u202f]/g, '')}${fraction ? `.${fraction}` : ''}`);
  if (!Number.isFinite(amount)) return null;
  return { prefix, amount, suffix, decimal: separator === ',' ? ',' : '.' };
}

/** `amount` written the way `like` writes its price (same symbol, same decimal mark, two decimals). */
export function formatLikePrice(amount: number, like: PriceText): string {
  const number = amount.toFixed(2);
  return `${like.prefix}${like.decimal === ',' ? number.replace('.', ',') : number}${like.suffix}`;
}

/**
 * The monthly equivalent of an annual price text, written like it ('$45.00' -> '$3.75'); null when the text holds no
 * number. Formula: annual / 12, rounded to the cent (docs/product.md, Constants and limits).
 */
export function monthlyEquivalentText(annualPrice: string): string | null {
  const parsed = parsePriceText(annualPrice);
  return parsed ? formatLikePrice(monthlyEquivalent(parsed.amount), parsed) : null;
}
