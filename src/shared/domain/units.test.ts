import { describe, expect, it } from 'vitest';
import { formatAmount, formatOunces, lineVolumeMl, roundMlForDisplay, UNITS } from './units';

describe('lineVolumeMl', () => {
  it('converts liquid units to millilitres', () => {
    expect(lineVolumeMl(1, 'oz')).toBeCloseTo(29.5735);
    expect(lineVolumeMl(2, 'cl')).toBe(20);
    expect(lineVolumeMl(1, 'barspoon')).toBe(5);
    expect(lineVolumeMl(3, 'dash')).toBeCloseTo(2.76);
  });
  it('takes a top-up amount as its expected ml and gives count units no volume', () => {
    expect(lineVolumeMl(90, 'top')).toBe(90);
    expect(lineVolumeMl(1, 'slice')).toBeNull();
    expect(lineVolumeMl(null, 'ml')).toBeNull();
  });
});

describe('display', () => {
  it('rounds ml by size band', () => {
    expect(roundMlForDisplay(22.4)).toBe(22);
    expect(roundMlForDisplay(0.3)).toBe(1);
    expect(roundMlForDisplay(147)).toBe(145);
    expect(roundMlForDisplay(1234)).toBe(1230);
  });
  it('shows ounces to the nearest quarter as fractions', () => {
    expect(formatOunces(0.75)).toBe('¾');
    expect(formatOunces(1.5)).toBe('1½');
    expect(formatOunces(2)).toBe('2');
    expect(formatOunces(0.01)).toBe('¼');
  });
  it('formats amounts in the chosen system and keeps small bar measures as written', () => {
    expect(formatAmount(45, 'ml', 'ml')).toBe('45 ml');
    expect(formatAmount(45, 'ml', 'oz')).toBe('1½ oz');
    expect(formatAmount(30, 'ml', 'oz')).toBe('1 oz');
    expect(formatAmount(2, 'dash', 'oz')).toBe('2 dashes');
    expect(formatAmount(1, 'barspoon', 'ml')).toBe('1 barspoon');
    expect(formatAmount(100, 'top', 'ml')).toBe('Top up');
    expect(formatAmount(6, 'leaf', 'ml')).toBe('6 leaves');
    expect(formatAmount(2, 'dash', 'ml', 3)).toBe('2–3 dashes');
    expect(formatAmount(2, 'cl', 'ml')).toBe('20 ml');
  });
  it('has one unit list without duplicates', () => {
    expect(new Set(UNITS).size).toBe(UNITS.length);
  });
});
