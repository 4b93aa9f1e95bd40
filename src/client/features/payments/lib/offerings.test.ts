import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatLikePrice, monthlyEquivalentText, parsePriceText } from './offerings';

describe('store price texts', () => {
  it('reads the number out of localized prices', () => {
    expect(parsePriceText('$45.00')).toEqual({ prefix: '$', amount: 45, suffix: '', decimal: '.' });
    expect(parsePriceText('US$4.99')).toEqual({ prefix: 'US$', amount: 4.99, suffix: '', decimal: '.' });
    expect(parsePriceText('45,00 €')).toEqual({ prefix: '', amount: 45, suffix: ' €', decimal: ',' });
    expect(parsePriceText('¥600')).toEqual({ prefix: '¥', amount: 600, suffix: '', decimal: '.' });
    expect(parsePriceText('$1,099.99')?.amount).toBe(1099.99);
    expect(parsePriceText('free')).toBeNull();
    expect(parsePriceText('')).toBeNull();
  });

  it('shows an annual price per month the way the store wrote it (spec: $45.00 -> $3.75)', () => {
    expect(monthlyEquivalentText('$45.00')).toBe('$3.75');
    expect(monthlyEquivalentText('$918.99')).toBe('$76.58');
    expect(monthlyEquivalentText('49,99 €')).toBe('4,17 €');
    expect(monthlyEquivalentText('n/a')).toBeNull();
  });

  it('writes any cent amount back in the same form it reads (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_99 }), fc.constantFrom('$', '€', 'US$', ''), (cents, symbol) => {
        const like = { prefix: symbol, amount: 0, suffix: '', decimal: '.' as const };
        const text = formatLikePrice(cents / 100, like);
        expect(parsePriceText(text)?.amount).toBeCloseTo(cents / 100, 2);
      }),
    );
  });
});
