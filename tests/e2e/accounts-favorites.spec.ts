import type { Page } from '@playwright/test';
import { callApi, meOf, signInByMagicLink } from './support/accounts';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { pathIs } from './support/journey';

/**
 * Accounts journey 3, favorites (docs/product.md: Screens, States, Error messages): a heart on a home card is
 * saved on the server, survives a reload and shows in a second browser signed in as the same person; un-hearting clears it
 * everywhere; /profile counts the hearts and My Favorites lists them; signed out, a heart says 'Please log in to save
 * favorites' and opens the sign-in dialog.
 */

test.use(ACCOUNTS);

/** A home card: its cocktail's id (the card link's `data-cocktail-link`) and name. */
interface CardPick {
  id: number;
  name: string;
}

/** The home page's card list (accessible name 'Cocktails'). */
const homeCards = (page: Page) => page.getByRole('list', { name: 'Cocktails' }).getByRole('listitem');

/** The id and name of the `index`th card on the home page. */
async function pickCard(page: Page, index: number): Promise<CardPick> {
  const link = homeCards(page).nth(index).getByRole('link').first();
  await expect(link).toBeVisible();
  const attribute = await link.getAttribute('data-cocktail-link');
  const id = Number(attribute);
  expect(Number.isInteger(id) && id > 0, `card link ${attribute}`).toBe(true);
  return { id, name: (await link.innerText()).trim() };
}

/** The heart of `card`, in whichever state it is: its name says what pressing it does. */
const heartOf = (page: Page, card: CardPick) =>
  page.getByRole('button', { name: new RegExp(`^(Save|Remove) ${escapeRegExp(card.name)} (to|from) favorites$`) });

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Waits until the heart of `card` shows `saved` (aria-pressed and the name both). */
async function expectHeart(page: Page, card: CardPick, saved: boolean): Promise<void> {
  const name = saved ? `Remove ${card.name} from favorites` : `Save ${card.name} to favorites`;
  await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  await expect(heartOf(page, card)).toHaveAttribute('aria-pressed', String(saved));
}

/** The ids in `GET /api/me/favorites` for the page's user. */
async function savedIds(page: Page): Promise<number[]> {
  const response = await callApi<{ ids: number[] }>(page, '/api/me/favorites');
  expect(response.status).toBe(200);
  return response.body!.ids;
}

test.describe('favorites', () => {
  test('a heart is saved, survives a reload and shows in a second browser; un-hearting clears it everywhere', async ({
    page: first,
    mail,
    openApp,
    signedInUser: { email },
  }) => {
    const card = await pickCard(first, 0);
    await expectHeart(first, card, false);

    await heartOf(first, card).click();
    await expectHeart(first, card, true);
    await expect.poll(() => savedIds(first)).toEqual([card.id]);

    await first.reload();
    await expectHeart(first, card, true);

    // Another browser (own cookies and storage), signed in as the same person, sees the same heart.
    const second = await openApp('/');
    await signInByMagicLink(mail, second, email);
    await expectHeart(second, card, true);

    await heartOf(second, card).click();
    await expectHeart(second, card, false);
    await expect.poll(() => savedIds(second)).toEqual([]);

    await first.reload();
    await expectHeart(first, card, false);
  });

  test('/profile counts the hearts and My Favorites lists them', async ({ page, signedInUser: { email } }) => {
    const cards = [await pickCard(page, 1), await pickCard(page, 2)];
    for (const card of cards) {
      await heartOf(page, card).click();
      await expectHeart(page, card, true);
    }
    await expect.poll(async () => (await savedIds(page)).length).toBe(2);

    await page.getByRole('link', { name: 'Profile' }).first().click();
    await expect(page).toHaveURL(pathIs('/profile'));
    await expect(page.getByText(email).first()).toBeVisible();
    await expect(page.getByTestId('favorites-count')).toHaveText('2');
    expect((await meOf(page))?.counts.favorites).toBe(2);

    await page.getByRole('link', { name: /My Favorites/ }).click();
    await expect(page).toHaveURL(pathIs('/profile/favorites'));
    const list = page.getByRole('list', { name: 'Favorite cocktails' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    // Newest first.
    await expect(list.getByRole('listitem').getByRole('link')).toHaveText([cards[1]!.name, cards[0]!.name]);
  });

  test("signed out, a heart says 'Please log in to save favorites' and opens the sign-in dialog", async ({ page }) => {
    await page.goto('/');
    const card = await pickCard(page, 0);
    await expect(page.getByRole('button', { name: 'Log in to save your favorite cocktails' })).toBeVisible();

    await heartOf(page, card).click();
    await expect(page.getByText('Please log in to save favorites')).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Sign in to continue' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    // Nothing was saved: the heart is still empty once the dialog is gone (while it is open the page behind is inert).
    await expectHeart(page, card, false);

    // The home prompt opens the same dialog.
    await page.getByRole('button', { name: 'Log in to save your favorite cocktails' }).click();
    await expect(dialog).toBeVisible();
    expect((await callApi(page, '/api/me/favorites')).status).toBe(401);
  });
});
