import { describe, expect, it } from 'vitest';
import { entitlementOf } from '@/client/test/fixtures';
import type { Entitlement } from '@/shared/schemas/payments';
import { planStatusLine } from './plan-status';

const pro = (over: Partial<Entitlement>): Entitlement =>
  entitlementOf('pro', { productId: 'app.barback.pro.monthly', expiresAt: '2030-03-01T12:00:00.000Z', ...over });

describe('the Current Plan line', () => {
  it('says when the plan renews, ends, or that it has no end', () => {
    expect(planStatusLine('pro', [pro({})])).toBe('Renews on March 1, 2030');
    expect(planStatusLine('pro', [pro({ willRenew: false })])).toBe('Ends on March 1, 2030');
    expect(planStatusLine('pro', [pro({ periodType: 'TRIAL' })])).toBe('Trial ends on March 1, 2030');
    expect(planStatusLine('pro', [pro({ periodType: 'TRIAL', willRenew: false })])).toBe(
      'Trial ends on March 1, 2030, will not renew',
    );
    expect(planStatusLine('pro', [pro({ expiresAt: null, source: 'admin' })])).toBe(
      'Granted by Barback support, no end date',
    );
    expect(planStatusLine('pro', [pro({ billingIssue: true })])).toMatch(/^Payment problem/);
  });

  it('says nothing for the free plan or a lapsed entitlement', () => {
    expect(planStatusLine('free', [pro({})])).toBeNull();
    expect(planStatusLine('pro', [pro({ active: false })])).toBeNull();
  });
});
