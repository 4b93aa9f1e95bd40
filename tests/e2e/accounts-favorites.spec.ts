import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  meOf,
  openApp,
  signInByMagicLink,
  startAccountsEnv,
  stopAccountsEnv,
  uniqueEmail,
  type AccountsEnv,
} from './support/accounts';
import { eventually, expectNoPageErrors, see } from './support/journey';

/**
 * Accounts journey 3, favourites (issue 3 "Favourites and paging"; spec sections 2, 4 and 8): a heart on a home card is
 * saved on the server, survives a reload and shows in a second browser signed in as the same person; un-hearting clears it
 * everywhere; /profile counts the hearts and My Favorites lists them; signed out, a heart says 'Please log in to save
 * favorites' and opens the sign-in dialog.
 */

let env: AccountsEnv;

beforeAll(async () => {
  env = await startAccountsEnv();
});

afterAll(async () => {
  await stopAccountsEnv(env);
});

/** A home card: its cocktail's id (from the card link's `?recipe=`) and name. */
interface CardPick {
  id: number;
  name: string;
}

/** The home page's card list (accessible name 'Cocktails'). */
const homeCards = (page: Page) => page.getByRole('list', { name: 'Cocktails' }).getByRole('listitem');

/** The id and name of the `index`th card on the home page. */
async function pickCard(page: Page, index: number): Promise<CardPick> {
  const link = homeCards(page).nth(index).getByRole('link').first();
  await see(link);
  const href = await link.getAttribute('href');
  const id = Number(new URL(href ?? '', 'http://x').searchParams.get('recipe'));
  expect(Number.isInteger(id) && id > 0, `card link ${href}`).toBe(true);
  return { id, name: (await link.innerText()).trim() };
}

/** The heart of `card`, in whichever state it is: its name says what pressing it does. */
const heartOf = (page: Page, card: CardPick) =>
  page.getByRole('button', { name: new RegExp(`^(Save|Remove) ${escapeRegExp(card.name)} (to|from) favourites$`) });

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Waits until the heart of `card` shows `saved` (aria-pressed and the name both). */
async function expectHeart(page: Page, card: CardPick, saved: boolean): Promise<void> {
  const name = saved ? `Remove ${card.name} from favourites` : `Save ${card.name} to favourites`;
  await see(page.getByRole('button', { name, exact: true }));
  expect(await heartOf(page, card).getAttribute('aria-pressed')).toBe(String(saved));
}

/** The ids in `GET /api/me/favorites` for the page's user. */
async function savedIds(page: Page): Promise<number[]> {
  const response = await callApi<{ ids: number[] }>(page, '/api/me/favorites');
  expect(response.status).toBe(200);
  return response.body!.ids;
}

describe('favourites', () => {
  it('a heart is saved, survives a reload and shows in a second browser; un-hearting clears it everywhere', async () => {
    const email = uniqueEmail('hearts');
    const first = await openApp(env, '/');
    await signInByMagicLink(env, first.page, email);
    const card = await pickCard(first.page, 0);
    await expectHeart(first.page, card, false);

    await heartOf(first.page, card).click();
    await expectHeart(first.page, card, true);
    await eventually(() => savedIds(first.page), [card.id]);

    await first.page.reload();
    await expectHeart(first.page, card, true);

    // Another browser (own cookies and storage), signed in as the same person, sees the same heart.
    const second = await openApp(env, '/');
    await signInByMagicLink(env, second.page, email);
    await expectHeart(second.page, card, true);

    await heartOf(second.page, card).click();
    await expectHeart(second.page, card, false);
    await eventually(() => savedIds(second.page), []);

    await first.page.reload();
    await expectHeart(first.page, card, false);

    expectNoPageErrors(first.errors);
    expectNoPageErrors(second.errors);
    await first.context.close();
    await second.context.close();
  });

  it('/profile counts the hearts and My Favorites lists them', async () => {
    const email = uniqueEmail('profile');
    const { page, context, errors } = await openApp(env, '/');
    await signInByMagicLink(env, page, email);
    const cards = [await pickCard(page, 1), await pickCard(page, 2)];
    for (const card of cards) {
      await heartOf(page, card).click();
      await expectHeart(page, card, true);
    }
    await eventually(async () => (await savedIds(page)).length, 2);

    await page.getByRole('link', { name: 'Profile' }).first().click();
    await eventually(() => new URL(page.url()).pathname, '/profile');
    await see(page.getByText(email));
    await eventually(async () => (await page.getByTestId('favorites-count').innerText()).trim(), '2');
    expect((await meOf(page))?.counts.favorites).toBe(2);

    await page.getByRole('link', { name: /My Favorites/ }).click();
    await eventually(() => new URL(page.url()).pathname, '/profile/favorites');
    const list = page.getByRole('list', { name: 'Favourite cocktails' });
    await eventually(() => list.getByRole('listitem').count(), 2);
    const names = (await list.getByRole('listitem').getByRole('link').allInnerTexts()).map((name) => name.trim());
    // Newest first.
    expect(names).toEqual([cards[1]!.name, cards[0]!.name]);

    expectNoPageErrors(errors);
    await context.close();
  });

  it("signed out, a heart says 'Please log in to save favorites' and opens the sign-in dialog", async () => {
    const { page, context, errors } = await openApp(env, '/');
    const card = await pickCard(page, 0);
    await see(page.getByRole('button', { name: 'Log in to save your favorite cocktails' }));

    await heartOf(page, card).click();
    await see(page.getByText('Please log in to save favorites'));
    const dialog = page.getByRole('dialog', { name: 'Sign in to continue' });
    await see(dialog);
    await page.keyboard.press('Escape');
    await eventually(() => dialog.count(), 0);
    // Nothing was saved: the heart is still empty once the dialog is gone (while it is open the page behind is inert).
    await expectHeart(page, card, false);

    // The home prompt opens the same dialog.
    await page.getByRole('button', { name: 'Log in to save your favorite cocktails' }).click();
    await see(dialog);
    expect((await callApi(page, '/api/me/favorites')).status).toBe(401);

    expectNoPageErrors(errors);
    await context.close();
  });
});
