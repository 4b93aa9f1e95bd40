// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { Button } from '@/client/components/ui/button';
import { apiErrorBody, jsonBody } from '@/client/test/handlers';
import { negroniDetail } from '@/client/test/fixtures';
import { recordRequests, server } from '@/client/test/msw-server';
import { TestProviders } from '@/client/test/test-providers';
import type { IngredientSummary } from '@/shared/schemas/ingredient';
import type { OwnRecipe } from '@/shared/schemas/recipes';
import { OwnRecipeEditor } from './own-recipe-editor';

const GIN: IngredientSummary = {
  id: 1,
  slug: 'gin',
  name: 'Gin',
  category: 'Spirits',
  parentId: null,
  variant: false,
  abv: 40,
  aliases: [],
  parts: [],
};

const saved: OwnRecipe = { ...negroniDetail, id: 77, slug: 'u--garden-gimlet-1a2b', photo: null, shareSlug: null };

function renderEditor() {
  render(
    <TestProviders session={false}>
      <OwnRecipeEditor userId="user-1" recipe={null} trigger={<Button>New recipe</Button>} />
    </TestProviders>,
  );
}

/** Fills the recipe: gin from the catalogue, and a cordial the catalogue does not have, named by hand. */
async function fillRecipe(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'New recipe' }));
  const dialog = await screen.findByRole('dialog', { name: 'New recipe' });
  await user.type(within(dialog).getByLabelText('Name'), 'Garden Gimlet');
  const first = within(dialog).getByRole('group', { name: 'Ingredient 1' });
  await user.type(within(first).getByRole('combobox', { name: 'Ingredient' }), 'gin');
  await user.click(await screen.findByRole('option', { name: 'Gin (Spirits)' }));
  await user.type(within(first).getByLabelText('Amount'), '50');
  await user.click(within(dialog).getByRole('button', { name: 'Add ingredient' }));
  const second = within(dialog).getByRole('group', { name: 'Ingredient 2' });
  await user.type(within(second).getByRole('combobox', { name: 'Ingredient' }), 'Cucumber cordial');
  await user.click(await screen.findByRole('option', { name: 'Add “Cucumber cordial” as your own ingredient' }));
  expect(within(second).getByText('your own')).toBeInTheDocument();
  await user.type(within(second).getByLabelText('Amount'), '20');
  await user.type(within(dialog).getByLabelText('Method'), 'Shake with ice and strain into a coupe.');
  return dialog;
}

describe('OwnRecipeEditor', () => {
  it('sends a free-text ingredient by name and a catalogue one by id, then closes', async () => {
    const user = userEvent.setup();
    server.use(
      http.get('/api/ingredients', () => jsonBody({ items: [GIN], total: 1 })),
      http.post('/api/me/recipes', () => jsonBody(saved, 201)),
    );
    const api = recordRequests();
    renderEditor();
    const dialog = await fillRecipe(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [post] = api.calls('POST /api/me/recipes');
    expect((post?.body as { ingredients: unknown[] }).ingredients).toEqual([
      { ingredient_id: 1, amount: 50, amount_max: null, unit: 'ml', is_optional: false, note: null },
      { ingredient_name: 'Cucumber cordial', amount: 20, amount_max: null, unit: 'ml', is_optional: false, note: null },
    ]);
  });

  it("keeps everything typed and says why when a free account's limit refuses the recipe", async () => {
    const user = userEvent.setup();
    const message = 'Free accounts keep 10 recipes of their own and you have 10.';
    server.use(
      http.get('/api/ingredients', () => jsonBody({ items: [GIN], total: 1 })),
      http.post('/api/me/recipes', () => apiErrorBody(403, 'ENTITLEMENT_REQUIRED', message)),
    );
    renderEditor();
    const dialog = await fillRecipe(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Garden Gimlet');
    expect(within(dialog).getByText('Cucumber cordial')).toBeInTheDocument();
  });
});
