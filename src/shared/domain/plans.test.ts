import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activeEntitlementNames,
  COMPARISON_ROWS,
  cycleForProduct,
  DEFAULT_PRICES_USD,
  ENTITLEMENT_NAMES,
  entitlementForProduct,
  formatUsd,
  ENTERPRISE_ADDITIONS,
  hasLapsed,
  isTrialEligible,
  isEntitlementActive,
  isEntitlementName,
  monthlyEquivalent,
  OFFERING_ENTITLEMENT,
  PLAN_NAMES,
  planFromEntitlements,
  planLabel,
  PRODUCT_IDS,
  satisfiesEntitlement,
  type PlanName,
} from './plans';

/** Rank of a plan: free < pro < enterprise. */
const rank = (plan: PlanName) => PLAN_NAMES.indexOf(plan);

/** Lists of entitlement names mixed with strings and values that are not entitlements. */
const entitlementList = fc.array(
  fc.oneof(
    fc.constantFrom('pro', 'enterprise'),
    fc.constantFrom('free', 'Pro', 'PRO', 'enterprise ', 'premium', ''),
    fc.string(),
    fc.constantFrom(null, undefined, 1, true),
  ),
  { maxLength: 8 },
);

/** Instants within JavaScript's usable range (a few thousand years either side of 1970). */
const instantMs = fc.integer({ min: -1e14, max: 1e14 });

describe('planFromEntitlements', () => {
  it('gives enterprise over pro over free, whatever the order', () => {
    expect(planFromEntitlements(['enterprise', 'pro'])).toBe('enterprise');
    expect(planFromEntitlements(['pro'])).toBe('pro');
    expect(planFromEntitlements(['pro', 'enterprise'])).toBe('enterprise');
    expect(planFromEntitlements([])).toBe('free');
    expect(planFromEntitlements(null)).toBe('free');
    expect(planFromEntitlements(undefined)).toBe('free');
    expect(planFromEntitlements(['free', 'Pro', 'premium'])).toBe('free');
    expect(planFromEntitlements('enterprise' as unknown as string[])).toBe('free');
  });

  it('is enterprise exactly when the list holds enterprise, else pro exactly when it holds pro, else free', () => {
    fc.assert(
      fc.property(entitlementList, (list) => {
        const expected = list.includes('enterprise') ? 'enterprise' : list.includes('pro') ? 'pro' : 'free';
        expect(planFromEntitlements(list)).toBe(expected);
      }),
    );
  });

  it('does not depend on order or repeats', () => {
    const listAndPermutation = entitlementList.chain((list) =>
      fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length })),
    );
    fc.assert(
      fc.property(listAndPermutation, ([list, permuted]) => {
        expect(planFromEntitlements(permuted)).toBe(planFromEntitlements(list));
        expect(planFromEntitlements([...list, ...permuted])).toBe(planFromEntitlements(list));
      }),
    );
  });

  it('never lowers the plan when an entitlement is added, and enterprise beats pro', () => {
    fc.assert(
      fc.property(entitlementList, fc.constantFrom(...ENTITLEMENT_NAMES), (list, added) => {
        const before = planFromEntitlements(list);
        const after = planFromEntitlements([...list, added]);
        expect(rank(after)).toBeGreaterThanOrEqual(rank(before));
        expect(rank(after)).toBeGreaterThanOrEqual(rank(added));
        expect(planFromEntitlements([...list, 'enterprise'])).toBe('enterprise');
      }),
    );
  });

  it('agrees with satisfiesEntitlement: pro is met by pro or enterprise, enterprise only by enterprise', () => {
    fc.assert(
      fc.property(entitlementList, (list) => {
        const plan = planFromEntitlements(list);
        expect(satisfiesEntitlement(list, 'pro')).toBe(plan !== 'free');
        expect(satisfiesEntitlement(list, 'enterprise')).toBe(plan === 'enterprise');
      }),
    );
  });
});

describe('isEntitlementName and planLabel', () => {
  it('knows only the two paid names, and labels anything unknown Free', () => {
    expect(ENTITLEMENT_NAMES.filter(isEntitlementName)).toEqual(['pro', 'enterprise']);
    for (const value of ['free', 'Pro', '', null, undefined, 1]) expect(isEntitlementName(value)).toBe(false);
    expect([planLabel('enterprise'), planLabel('pro'), planLabel('free'), planLabel('gold')]).toEqual([
      'Enterprise',
      'Pro',
      'Free',
      'Free',
    ]);
  });
});

describe('isEntitlementActive', () => {
  it('counts an entitlement without an end forever', () => {
    fc.assert(
      fc.property(instantMs, (now) => {
        expect(isEntitlementActive({ expiresAt: null }, new Date(now))).toBe(true);
      }),
    );
  });

  it('counts exactly while the end is ahead: active iff end > now, and ended at the instant itself', () => {
    fc.assert(
      fc.property(instantMs, instantMs, fc.boolean(), (end, now, asString) => {
        const expiresAt = asString ? new Date(end).toISOString() : new Date(end);
        expect(isEntitlementActive({ expiresAt }, new Date(now))).toBe(end > now);
      }),
    );
    const end = new Date('2030-01-01T00:00:00.000Z');
    expect(isEntitlementActive({ expiresAt: end }, new Date(end.getTime() - 1))).toBe(true);
    expect(isEntitlementActive({ expiresAt: end }, end)).toBe(false);
  });

  it('is monotonic in time: once ended, it stays ended', () => {
    fc.assert(
      fc.property(instantMs, instantMs, fc.nat({ max: 1e12 }), (end, now, later) => {
        if (!isEntitlementActive({ expiresAt: new Date(end) }, new Date(now))) {
          expect(isEntitlementActive({ expiresAt: new Date(end) }, new Date(now + later))).toBe(false);
        }
      }),
    );
  });

  it('treats an unreadable date as ended, and defaults now to the system clock', () => {
    for (const expiresAt of ['', 'soon', 'not a date']) expect(isEntitlementActive({ expiresAt })).toBe(false);
    expect(isEntitlementActive({ expiresAt: new Date(Date.now() + 60_000) })).toBe(true);
    expect(isEntitlementActive({ expiresAt: new Date(Date.now() - 1) })).toBe(false);
  });
});

describe('activeEntitlementNames', () => {
  it('keeps the active names once each, in pro-then-enterprise order, ignoring unknown names', () => {
    const now = new Date('2030-06-01T00:00:00.000Z');
    const rows = [
      { name: 'enterprise', expiresAt: '2030-07-01T00:00:00.000Z' },
      { name: 'pro', expiresAt: null },
      { name: 'pro', expiresAt: '2030-05-01T00:00:00.000Z' },
      { name: 'gold', expiresAt: null },
    ];
    expect(activeEntitlementNames(rows, now)).toEqual(['pro', 'enterprise']);
    expect(activeEntitlementNames(rows, new Date('2030-08-01T00:00:00.000Z'))).toEqual(['pro']);
    expect(activeEntitlementNames([], now)).toEqual([]);
  });

  it('is exactly the paid names of the rows active at now', () => {
    const row = fc.record({
      name: fc.constantFrom('pro', 'enterprise', 'gold'),
      expiresAt: fc.option(instantMs.map((ms) => new Date(ms).toISOString())),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 6 }), instantMs, (rows, nowMs) => {
        const now = new Date(nowMs);
        const expected = ENTITLEMENT_NAMES.filter((name) =>
          rows.some((candidate) => candidate.name === name && isEntitlementActive(candidate, now)),
        );
        expect(activeEntitlementNames(rows, now)).toEqual(expected);
      }),
    );
  });
});

describe('prices', () => {
  it('gives the monthly equivalents and prices the paywall shows', () => {
    expect(monthlyEquivalent(45)).toBe(3.75);
    expect(monthlyEquivalent(918.99)).toBe(76.58);
    expect(monthlyEquivalent(0)).toBe(0);
    expect(formatUsd(DEFAULT_PRICES_USD.individual.monthly)).toBe('$4.99');
    expect(formatUsd(DEFAULT_PRICES_USD.individual.annual)).toBe('$45.00');
    expect(formatUsd(monthlyEquivalent(DEFAULT_PRICES_USD.enterprise.annual))).toBe('$76.58');
  });

  /** Prices in whole cents up to $100,000 a year. */
  const annualPrice = fc.integer({ min: 0, max: 10_000_000 }).map((cents) => cents / 100);

  it('is within half a cent of a twelfth, in whole cents', () => {
    fc.assert(
      fc.property(annualPrice, (annual) => {
        const monthly = monthlyEquivalent(annual);
        expect(Math.abs(monthly - annual / 12)).toBeLessThanOrEqual(0.005 + 1e-9);
        expect(Math.round(monthly * 100) / 100).toBe(monthly);
        expect(formatUsd(monthly)).toMatch(/^\$\d+\.\d\d$/);
      }),
    );
  });

  it('never decreases as the annual price rises, and twelve of them are within 6 cents of the year', () => {
    fc.assert(
      fc.property(annualPrice, annualPrice, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(monthlyEquivalent(low)).toBeLessThanOrEqual(monthlyEquivalent(high));
        expect(Math.abs(monthlyEquivalent(a) * 12 - a)).toBeLessThanOrEqual(0.06 + 1e-9);
      }),
    );
  });

  it('makes annual billing cheaper per month than monthly billing for both offerings', () => {
    for (const offering of ['individual', 'enterprise'] as const) {
      const prices = DEFAULT_PRICES_USD[offering];
      expect(monthlyEquivalent(prices.annual)).toBeLessThan(prices.monthly);
    }
  });
});

describe('products', () => {
  it('reads each product id’s entitlement and cycle, and nothing from other ids', () => {
    for (const offering of ['individual', 'enterprise'] as const) {
      for (const cycle of ['monthly', 'annual'] as const) {
        expect(entitlementForProduct(PRODUCT_IDS[offering][cycle])).toBe(OFFERING_ENTITLEMENT[offering]);
        expect(cycleForProduct(PRODUCT_IDS[offering][cycle])).toBe(cycle);
      }
    }
    expect(entitlementForProduct('app.barback.tips.small')).toBeNull();
    expect(entitlementForProduct('app.barback.proper.monthly')).toBeNull();
    expect(cycleForProduct('app.barback.pro.lifetime')).toBeNull();
  });

  it('has a comparison table whose Team seats row names the included seats', () => {
    expect(COMPARISON_ROWS.find((row) => row.feature === 'Team seats')).toEqual({
      feature: 'Team seats',
      individual: false,
      enterprise: '10 included',
    });
  });
});

describe('hasLapsed', () => {
  const now = new Date('2030-01-10T00:00:00.000Z');
  const ended = { expiresAt: '2030-01-01T00:00:00.000Z' };
  const running = { expiresAt: '2030-02-01T00:00:00.000Z' };

  it('is true once every paid entitlement has ended, false while one runs or when none was ever held', () => {
    expect(hasLapsed([{ name: 'pro', ...ended }], 'pro', now)).toBe(true);
    expect(hasLapsed([{ name: 'enterprise', ...ended }], 'pro', now)).toBe(true);
    expect(hasLapsed([{ name: 'pro', ...running }], 'pro', now)).toBe(false);
    expect(
      hasLapsed(
        [
          { name: 'pro', ...ended },
          { name: 'enterprise', ...running },
        ],
        'pro',
        now,
      ),
    ).toBe(false);
    expect(hasLapsed([], 'pro', now)).toBe(false);
  });

  it('judges Enterprise by enterprise rows only: a lapsed Pro never had Enterprise', () => {
    expect(hasLapsed([{ name: 'pro', ...ended }], 'enterprise', now)).toBe(false);
    expect(
      hasLapsed(
        [
          { name: 'enterprise', ...ended },
          { name: 'pro', ...running },
        ],
        'enterprise',
        now,
      ),
    ).toBe(true);
  });
});

describe('the upgrade page for subscribers', () => {
  it('offers the trial only to someone who never held a paid plan', () => {
    expect(isTrialEligible([])).toBe(true);
    expect(isTrialEligible([{ name: 'pro' }])).toBe(false);
    expect(isTrialEligible([{ name: 'enterprise' }])).toBe(false);
  });

  it('lists what Enterprise adds over Individual', () => {
    expect(ENTERPRISE_ADDITIONS.map((row) => row.feature)).toEqual([
      'Team seats',
      'Branding and QR menu',
      'Signature cocktails',
      'Support',
    ]);
  });
});
