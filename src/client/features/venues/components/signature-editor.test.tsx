// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '@/client/components/ui/button';
import { apiErrorBody, jsonBody } from '@/client/test/handlers';
import { showToast } from '@/client/lib/toast-events';
import type { Signature } from '@/shared/schemas/venues';
import { ingredientsHandler, installApi, signatureOf, SLUG, USER_ID } from '../test/venue-fixtures';
import { renderRoutes } from '@/client/test/render-routes';
import { SignatureEditor } from './signature-editor';

vi.mock('@/client/lib/toast-events', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/client/lib/toast-events')>()),
  showToast: vi.fn(),
}));

afterEach(() => vi.mocked(showToast).mockClear());

function renderEditor(signature: Signature | null = null) {
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <SignatureEditor
            userId={USER_ID}
            slug={SLUG}
            signature={signature}
            trigger={<Button>{signature ? 'Edit' : 'New signature'}</Button>}
          />
        ),
      },
    ],
    '/',
    { session: false },
  );
}

async function openEditor(user: ReturnType<typeof userEvent.setup>, name = 'New signature') {
  await user.click(screen.getByRole('button', { name }));
  return screen.findByRole('dialog');
}

/** Picks `ingredient` (its option's name, e.g. 'Gin (Spirits)') after typing `text` in the line's picker. */
async function pickIngredient(
  user: ReturnType<typeof userEvent.setup>,
  line: HTMLElement,
  text: string,
  option: string,
) {
  await user.type(within(line).getByRole('combobox', { name: 'Ingredient' }), text);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('SignatureEditor', () => {
  it('opens as a dialog with focus inside, and Escape closes it and gives focus back to its button', async () => {
    const user = userEvent.setup();
    installApi(ingredientsHandler());
    renderEditor();
    const dialog = await openEditor(user);
    expect(dialog).toHaveAccessibleName('New signature cocktail');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'New signature' })).toHaveFocus();
  });

  it('refuses an empty name and a line without an ingredient, saying so under each field, and sends nothing', async () => {
    const user = userEvent.setup();
    const api = installApi(ingredientsHandler());
    renderEditor();
    const dialog = await openEditor(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const name = within(dialog).getByLabelText('Name');
    expect(await within(dialog).findByText('The name needs at least 2 characters')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    const line = within(dialog).getByRole('group', { name: 'Ingredient 1' });
    const picker = within(line).getByRole('combobox', { name: 'Ingredient' });
    const missing = within(line).getByText('Choose an ingredient');
    expect(picker).toHaveAttribute('aria-invalid', 'true');
    expect(picker.getAttribute('aria-describedby')).toBe(missing.id);
    expect(within(dialog).getByText('The method needs at least 10 characters')).toBeInTheDocument();
    expect(api.calls('POST /api/venues')).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says when an amount is not a number', async () => {
    const user = userEvent.setup();
    installApi(ingredientsHandler());
    renderEditor();
    const dialog = await openEditor(user);
    const line = within(dialog).getByRole('group', { name: 'Ingredient 1' });
    await user.type(within(line).getByLabelText('Amount'), 'lots');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(line).findByText('Write the amount as a number, like 30 or 22.5')).toBeInTheDocument();
    expect(within(line).getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');
  });

  it('posts the recipe as SignatureWrite JSON, closes and says Saved', async () => {
    const user = userEvent.setup();
    const api = installApi(
      ingredientsHandler(),
      http.post(`/api/venues/${SLUG}/signatures`, () => jsonBody(signatureOf(), 201)),
    );
    renderEditor();
    const dialog = await openEditor(user);

    await user.type(within(dialog).getByLabelText('Name'), '  House Negroni ');
    await user.selectOptions(within(dialog).getByLabelText('Technique'), 'Stir');
    await user.selectOptions(within(dialog).getByLabelText('Glass'), 'Rocks');
    await user.clear(within(dialog).getByLabelText('Prep time (minutes)'));
    await user.type(within(dialog).getByLabelText('Prep time (minutes)'), '4');

    const first = within(dialog).getByRole('group', { name: 'Ingredient 1' });
    await pickIngredient(user, first, 'gin', 'Gin (Spirits)');
    expect(within(first).getByText('Gin')).toBeInTheDocument();
    expect(within(first).getByLabelText('Amount')).toHaveFocus();
    await user.type(within(first).getByLabelText('Amount'), '30');

    await user.click(within(dialog).getByRole('button', { name: 'Add ingredient' }));
    const second = within(dialog).getByRole('group', { name: 'Ingredient 2' });
    await pickIngredient(user, second, 'camp', 'Campari (Liqueurs)');
    await user.type(within(second).getByLabelText('Amount'), '22,5');
    await user.selectOptions(within(second).getByLabelText('Unit'), 'cl');
    await user.click(within(second).getByLabelText('Optional'));
    await user.type(within(second).getByLabelText('Note (optional)'), 'or another bitter');
    // Campari first, then gin.
    await user.click(within(second).getByRole('button', { name: 'Move ingredient 2 up' }));

    await user.type(within(dialog).getByLabelText('Method'), 'Stir with ice and strain over a large cube.');
    await user.type(within(dialog).getByLabelText('Garnish (optional)'), 'Orange peel');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Bitter' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Herbal' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [post] = api.calls(`POST /api/venues/${SLUG}/signatures`);
    expect(post?.body).toEqual({
      name: 'House Negroni',
      base_spirit: 'Gin',
      category: 'Modern',
      description: '',
      instructions: 'Stir with ice and strain over a large cube.',
      difficulty_level: 'Easy',
      glassware: 'Rocks',
      technique: 'Stir',
      garnish: 'Orange peel',
      preparation_time: 4,
      flavor_profile: ['Bitter', 'Herbal'],
      seasonal_tags: [],
      occasion_tags: [],
      ingredients: [
        {
          ingredient_id: 2,
          amount: 22.5,
          amount_max: null,
          unit: 'cl',
          is_optional: true,
          note: 'or another bitter',
        },
        { ingredient_id: 1, amount: 30, amount_max: null, unit: 'ml', is_optional: false, note: null },
      ],
    });
    expect(showToast).toHaveBeenCalledWith({ title: 'Saved', variant: 'success' });
  });

  it('puts the whole recipe back with PUT when editing, keeping what it does not show', async () => {
    const user = userEvent.setup();
    const signature = signatureOf();
    const api = installApi(
      ingredientsHandler(),
      http.put(`/api/venues/${SLUG}/signatures/900`, () => jsonBody(signature)),
    );
    renderEditor(signature);
    const dialog = await openEditor(user, 'Edit');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('House Negroni');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const body = api.calls(`PUT /api/venues/${SLUG}/signatures/900`)[0]?.body as Record<string, unknown>;
    expect(body.seasonal_tags).toEqual(['All year']);
    expect(body.occasion_tags).toEqual(['Aperitif']);
    expect(body.ingredients).toHaveLength(4);
    expect((body.ingredients as unknown[])[2]).toEqual({
      ingredient_id: 3,
      amount: 30,
      amount_max: null,
      unit: 'ml',
      is_optional: false,
      note: 'a rich Italian one',
    });
  });

  it("shows the server's refusal in the form and stays open", async () => {
    const user = userEvent.setup();
    installApi(
      ingredientsHandler(),
      http.post(`/api/venues/${SLUG}/signatures`, () =>
        apiErrorBody(409, 'CONFLICT', 'The venue already has a signature cocktail of that name.'),
      ),
    );
    renderEditor();
    const dialog = await openEditor(user);
    await user.type(within(dialog).getByLabelText('Name'), 'House Negroni');
    await pickIngredient(user, within(dialog).getByRole('group', { name: 'Ingredient 1' }), 'gin', 'Gin (Spirits)');
    await user.type(within(dialog).getByLabelText('Method'), 'Stir with ice and strain.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const alert = await within(dialog).findByText('The venue already has a signature cocktail of that name.');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(showToast).not.toHaveBeenCalled();
  });
});
