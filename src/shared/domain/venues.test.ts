import { describe, expect, it } from 'vitest';
import { MENU_GRACE_DAYS, menuStateOf } from './venues';

describe('menuStateOf', () => {
  const now = new Date('2030-03-20T12:00:00.000Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

  it('is open while the plan is active, not-updated for the 14 grace days, then paused', () => {
    expect(MENU_GRACE_DAYS).toBe(14);
    expect(menuStateOf({ active: true, endedAt: null }, now)).toBe('open');
    expect(menuStateOf({ active: false, endedAt: daysAgo(0) }, now)).toBe('not-updated');
    expect(menuStateOf({ active: false, endedAt: daysAgo(13.99) }, now)).toBe('not-updated');
    expect(menuStateOf({ active: false, endedAt: daysAgo(14) }, now)).toBe('paused');
    expect(menuStateOf({ active: false, endedAt: daysAgo(40) }, now)).toBe('paused');
  });

  it('is paused when the owner never had the plan or the end cannot be read', () => {
    expect(menuStateOf({ active: false, endedAt: null }, now)).toBe('paused');
    expect(menuStateOf({ active: false, endedAt: 'soon' }, now)).toBe('paused');
  });
});
