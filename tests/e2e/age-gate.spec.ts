import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE } from './support/browser';
import {
  expectNoPageErrors,
  gone,
  see,
  startJourneyEnv,
  stopJourneyEnv,
  visit,
  type JourneyEnv,
} from './support/journey';

/**
 * Journey 1, the age gate (spec sections 2 and 4): a first visit is blocked by 'Age Verification'; 'Yes' is remembered
 * (localStorage 'bb:age-verified' = 'v1'), 'No' blocks without being remembered, Enter confirms.
 */

let env: JourneyEnv;

beforeAll(async () => {
  env = await startJourneyEnv();
});

afterAll(async () => {
  await stopJourneyEnv(env);
});

const storedMarker = (page: import('playwright-core').Page) =>
  page.evaluate(() => window.localStorage.getItem('bb:age-verified'));

describe('age gate', () => {
  it('asks first, hides after Yes and stays hidden after a reload', async () => {
    const { page, context, errors } = await visit(env, '/', { ageVerified: false });
    const gate = page.getByRole('dialog', { name: 'Age Verification' });
    await see(gate);
    await see(gate.getByRole('button', { name: 'Yes, I am of legal age' }));
    await see(gate.getByRole('button', { name: 'No', exact: true }));
    // Nothing of the app is rendered behind the gate.
    expect(await page.getByRole('heading', { name: 'All cocktails' }).count()).toBe(0);
    expect(await storedMarker(page)).toBeNull();

    await gate.getByRole('button', { name: 'Yes, I am of legal age' }).click();
    await gone(gate);
    await see(page.getByRole('heading', { name: 'All cocktails' }));
    expect(await storedMarker(page)).toBe('v1');

    await page.reload();
    await see(page.getByRole('heading', { name: 'All cocktails' }));
    expect(await page.getByRole('dialog', { name: 'Age Verification' }).count()).toBe(0);
    expect(await storedMarker(page)).toBe('v1');

    expectNoPageErrors(errors);
    await context.close();
  });

  it("'No' shows the blocking message, is not remembered, and the gate is back after a reload", async () => {
    const { page, context, errors } = await visit(env, '/discover', { ageVerified: false, viewport: PHONE });
    const gate = page.getByRole('dialog', { name: 'Age Verification' });
    await see(gate);
    await gate.getByRole('button', { name: 'No', exact: true }).click();

    await see(gate.getByRole('alert').getByText('Sorry, you must be of legal drinking age'));
    await see(gate.getByText(/please close it now/));
    expect(await gate.getByRole('button', { name: 'Yes, I am of legal age' }).count()).toBe(0);
    // Escape does not get the visitor past the refusal.
    await page.keyboard.press('Escape');
    await see(gate.getByText('Sorry, you must be of legal drinking age'));
    expect(await page.getByRole('heading', { name: 'Find your next favourite drink' }).count()).toBe(0);
    expect(await storedMarker(page)).toBeNull();

    await page.reload();
    await see(
      page.getByRole('dialog', { name: 'Age Verification' }).getByRole('button', { name: 'Yes, I am of legal age' }),
    );
    expect(await page.getByText('Sorry, you must be of legal drinking age').count()).toBe(0);
    expect(await storedMarker(page)).toBeNull();

    expectNoPageErrors(errors);
    await context.close();
  });

  it('pressing Enter confirms', async () => {
    const { page, context, errors } = await visit(env, '/search', { ageVerified: false });
    const gate = page.getByRole('dialog', { name: 'Age Verification' });
    await see(gate.getByRole('button', { name: 'Yes, I am of legal age' }));

    await page.keyboard.press('Enter');
    await gone(gate);
    await see(page.getByRole('heading', { name: 'Find a cocktail' }));
    expect(await storedMarker(page)).toBe('v1');

    expectNoPageErrors(errors);
    await context.close();
  });
});
