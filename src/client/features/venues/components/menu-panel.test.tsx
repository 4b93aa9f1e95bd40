// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { negroniDetail, summaryOf } from '@/client/test/fixtures';
import { apiErrorBody, jsonBody } from '@/client/test/handlers';
import { renderRoutes } from '@/client/test/render-routes';
import type { MenuWrite, TeamMenu } from '@/shared/schemas/venues';
import { installApi, signatureOf, SLUG, USER_ID } from '../test/venue-fixtures';
import { MenuPanel } from './menu-panel';

const MENU: TeamMenu = { sections: [{ id: 1, title: 'House', items: [] }] };

function renderPanel({ canEdit = true }: { canEdit?: boolean } = {}) {
  renderRoutes([{ path: '/', element: <MenuPanel userId={USER_ID} slug={SLUG} canEdit={canEdit} /> }], '/', {
    session: false,
  });
}

/** The cocktails of {@link ARRANGED}, by id. */
const NAMES: Record<number, string> = { 10: 'Negroni', 11: 'Paloma', 12: 'Daiquiri', 13: 'Martini' };

/** The team menu the server answers for `write`: every write gives sections and items new ids. */
function answer(write: MenuWrite, firstId = 100): TeamMenu {
  let id = firstId;
  return {
    sections: write.sections.map((section) => ({
      id: id++,
      title: section.title,
      items: section.items.map((item) => ({
        id: id++,
        cocktail: { id: item.cocktailId, name: NAMES[item.cocktailId] ?? `Cocktail ${item.cocktailId}` },
        priceCents: item.priceCents ?? null,
        availability: item.availability ?? 'auto',
        available: true,
        missing: [],
      })),
    })),
  };
}

/** Two sections: House (Negroni $14, Paloma, Daiquiri $12.50) and Classics (Martini). */
const ARRANGED_WRITE: MenuWrite = {
  sections: [
    {
      title: 'House',
      items: [
        { cocktailId: 10, priceCents: 1400, availability: 'auto' },
        { cocktailId: 11, priceCents: null, availability: 'off' },
        { cocktailId: 12, priceCents: 1250, availability: 'auto' },
      ],
    },
    { title: 'Classics', items: [{ cocktailId: 13, priceCents: 1600, availability: 'auto' }] },
  ],
};
const ARRANGED = answer(ARRANGED_WRITE, 1);

/** The API with {@link ARRANGED} as the menu; a PUT answers what it wrote (with new ids) and becomes the menu. */
function installArranged() {
  let current = ARRANGED;
  let nextId = 200;
  return installApi(
    http.get(`/api/venues/${SLUG}/menu`, () => jsonBody(current)),
    http.put(`/api/venues/${SLUG}/menu`, async ({ request }) => {
      current = answer((await request.json()) as MenuWrite, nextId);
      nextId += 100;
      return jsonBody(current);
    }),
    http.get(`/api/venues/${SLUG}/signatures`, () => jsonBody({ items: [] })),
  );
}

describe('MenuPanel: adding a cocktail', () => {
  it("offers the venue's signature cocktails first, marked Signature, then the catalogue's", async () => {
    const user = userEvent.setup();
    const api = installApi(
      http.get(`/api/venues/${SLUG}/menu`, () => jsonBody(MENU)),
      http.put(`/api/venues/${SLUG}/menu`, () => jsonBody(MENU)),
      http.get(`/api/venues/${SLUG}/signatures`, () =>
        jsonBody({ items: [signatureOf(), signatureOf({ id: 901, name: 'Velvet Sour' })] }),
      ),
      http.get('/api/cocktails', () => jsonBody({ items: [summaryOf(negroniDetail)], total: 1, page: 0, pageSize: 8 })),
    );
    renderPanel();
    const picker = await screen.findByRole('combobox', { name: 'Add a cocktail' });
    await user.type(picker, 'negr');
    const list = screen.getByRole('listbox');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((option) => option.getAttribute('aria-label')),
      ).toEqual(['House Negroni (Signature)', 'Negroni']),
    );
    expect(within(within(list).getAllByRole('option')[0]!).getByText('Signature')).toBeInTheDocument();

    await user.click(within(list).getByRole('option', { name: 'House Negroni (Signature)' }));
    // A pick writes nothing yet: the price comes next, with focus already in its field.
    expect(screen.getByTestId('chosen-cocktail')).toHaveTextContent('House Negroni');
    expect(screen.getByLabelText('Price')).toHaveFocus();
    expect(api.calls(`PUT /api/venues/${SLUG}/menu`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Add to menu' }));
    await waitFor(() => expect(api.calls(`PUT /api/venues/${SLUG}/menu`)).toHaveLength(1));
    expect(api.calls(`PUT /api/venues/${SLUG}/menu`)[0]?.body).toEqual({
      sections: [{ title: 'House', items: [{ cocktailId: 900, priceCents: null, availability: 'auto' }] }],
    });
  });

  it('keeps a price typed after the cocktail was picked, and adds on Enter in the price field', async () => {
    const user = userEvent.setup();
    const api = installApi(
      http.get(`/api/venues/${SLUG}/menu`, () => jsonBody(MENU)),
      http.put(`/api/venues/${SLUG}/menu`, async ({ request }) =>
        jsonBody(answer((await request.json()) as MenuWrite)),
      ),
      http.get(`/api/venues/${SLUG}/signatures`, () => jsonBody({ items: [] })),
      http.get('/api/cocktails', () => jsonBody({ items: [summaryOf(negroniDetail)], total: 1, page: 0, pageSize: 8 })),
    );
    renderPanel();
    await user.type(await screen.findByRole('combobox', { name: 'Add a cocktail' }), 'negr');
    await user.click(await screen.findByRole('option', { name: 'Negroni' }));
    await user.type(screen.getByLabelText('Price'), '14.50{Enter}');
    await waitFor(() => expect(api.calls(`PUT /api/venues/${SLUG}/menu`)).toHaveLength(1));
    expect(api.calls(`PUT /api/venues/${SLUG}/menu`)[0]?.body).toEqual({
      sections: [{ title: 'House', items: [{ cocktailId: negroniDetail.id, priceCents: 1450, availability: 'auto' }] }],
    });
    // Saved: the form is empty again and ready for the next cocktail.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Add a cocktail' })).toHaveFocus());
    expect(screen.getByLabelText('Price')).toHaveValue('');
  });

  it('asks for a cocktail before adding, and keeps the form when the write fails', async () => {
    const user = userEvent.setup();
    const api = installApi(
      http.get(`/api/venues/${SLUG}/menu`, () => jsonBody(MENU)),
      http.put(`/api/venues/${SLUG}/menu`, () => apiErrorBody(409, 'CONFLICT', 'The menu changed: reload it.')),
      http.get(`/api/venues/${SLUG}/signatures`, () => jsonBody({ items: [] })),
      http.get('/api/cocktails', () => jsonBody({ items: [summaryOf(negroniDetail)], total: 1, page: 0, pageSize: 8 })),
    );
    renderPanel();
    await user.type(await screen.findByLabelText('Price'), '12');
    await user.click(screen.getByRole('button', { name: 'Add to menu' }));
    expect(await screen.findByText('Choose a cocktail to add.')).toBeInTheDocument();
    expect(api.calls(`PUT /api/venues/${SLUG}/menu`)).toHaveLength(0);

    await user.type(screen.getByRole('combobox', { name: 'Add a cocktail' }), 'negr');
    await user.click(await screen.findByRole('option', { name: 'Negroni' }));
    expect(screen.queryByText('Choose a cocktail to add.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to menu' }));
    await waitFor(() => expect(api.calls(`PUT /api/venues/${SLUG}/menu`)).toHaveLength(1));
    expect(screen.getByTestId('chosen-cocktail')).toHaveTextContent('Negroni');
    expect(screen.getByLabelText('Price')).toHaveValue('12');

    // 'Change' goes back to the picker.
    await user.click(screen.getByRole('button', { name: 'Choose another cocktail than Negroni' }));
    expect(screen.getByRole('combobox', { name: 'Add a cocktail' })).toHaveFocus();
  });
});

describe('MenuPanel: arranging the menu', () => {
  it('moves a cocktail down in its section, and keeps focus on its button so it can be pressed again', async () => {
    const user = userEvent.setup();
    const api = installArranged();
    renderPanel();
    expect(await screen.findByRole('button', { name: 'Move Negroni up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Daiquiri down' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move Negroni down' }));
    await waitFor(() => expect(api.calls(`PUT /api/venues/${SLUG}/menu`)).toHaveLength(1));
    const [house, classics] = ARRANGED_WRITE.sections;
    expect(api.calls(`PUT /api/venues/${SLUG}/menu`)[0]?.body).toEqual({
      sections: [{ title: 'House', items: [house!.items[1], house!.items[0], house!.items[2]] }, classics],
    });
    const house2 = screen.getByRole('list', { name: 'House cocktails' });
    await waitFor(() => expect(within(house2).getAllByRole('listitem')[1]).toHaveTextContent(/^Negroni/));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Negroni down' })).toHaveFocus());

    // Again from the keyboard: now last, its down button is disabled and focus falls back on its up button.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.calls(`PUT /api/venues/${SLUG}/menu`)).toHaveLength(2));
    expect(
      (api.calls(`PUT /api/venues/${SLUG}/menu`)[1]?.body as MenuWrite).sections[0]!.items.map((i) => i.cocktailId),
    ).toEqual([11, 12, 10]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Negroni up' })).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Move Negroni down' })).toBeDisabled();
  });

  it('moves a cocktail to another section (at its end)', async () => {
    const user = userEvent.setup();
    const api = installArranged();
    renderPanel();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Move Paloma to another section' }),
      'Classics',
    );
    await waitFor(() => expect(api.calls(`PUT /api/venues/${SLUG}/menu`)).toHaveLength(1));
    const body = api.calls(`PUT /api/venues/${SLUG}/menu`)[0]?.body as MenuWrite;
    expect(body.sections.map((section) => section.items.map((item) => item.cocktailId))).toEqual([
      [10, 12],
      [13, 11],
    ]);
    expect(body.sections[1]!.items[1]).toEqual({ cocktailId: 11, priceCents: null, availability: 'off' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Move Paloma to another section' })).toHaveFocus());
  });

  it('moves a section up', async () => {
    const user = userEvent.setup();
    const api = installArranged();
    renderPanel();
    expect(await screen.findByRole('button', { name: 'Move the section House up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move the section Classics down' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move the section Classics up' }));
    await waitFor(() => expect(api.calls(`PUT /api/venues/${SLUG}/menu`)).toHaveLength(1));
    expect(api.calls(`PUT /api/venues/${SLUG}/menu`)[0]?.body).toEqual({
      sections: [ARRANGED_WRITE.sections[1], ARRANGED_WRITE.sections[0]],
    });
    // First now: its up button is disabled, focus is on its down button.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move the section Classics down' })).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Move the section Classics up' })).toBeDisabled();
  });

  it('edits a price in place: an invalid one is explained and not sent, 15.5 is sent as 1550', async () => {
    const user = userEvent.setup();
    const api = installArranged();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Edit the price of Negroni' }));
    const field = screen.getByRole('textbox', { name: 'Price of Negroni' });
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveValue('14.00');

    await user.clear(field);
    await user.type(field, '1x');
    await user.click(screen.getByRole('button', { name: 'Save the price of Negroni' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Write the price like 14 or 14.50');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Write the price like 14 or 14.50/);
    expect(api.calls(`PUT /api/venues/${SLUG}/menu`)).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '15.5{Enter}');
    await waitFor(() => expect(api.calls(`PUT /api/venues/${SLUG}/menu`)).toHaveLength(1));
    const body = api.calls(`PUT /api/venues/${SLUG}/menu`)[0]?.body as MenuWrite;
    expect(body.sections[0]!.items[0]).toEqual({ cocktailId: 10, priceCents: 1550, availability: 'auto' });
    expect(body.sections[0]!.items.slice(1)).toEqual(ARRANGED_WRITE.sections[0]!.items.slice(1));
    expect(await screen.findByText('$15.50')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Price of Negroni' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit the price of Negroni' })).toHaveFocus());
  });

  it('clears a price with an empty field, and Cancel (or Escape) sends nothing', async () => {
    const user = userEvent.setup();
    const api = installArranged();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Edit the price of Daiquiri' }));
    await user.type(screen.getByRole('textbox', { name: 'Price of Daiquiri' }), '9{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Price of Daiquiri' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit the price of Daiquiri' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Edit the price of Daiquiri' }));
    await user.click(screen.getByRole('button', { name: 'Cancel editing the price of Daiquiri' }));
    expect(api.calls(`PUT /api/venues/${SLUG}/menu`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Edit the price of Daiquiri' }));
    await user.clear(screen.getByRole('textbox', { name: 'Price of Daiquiri' }));
    await user.click(screen.getByRole('button', { name: 'Save the price of Daiquiri' }));
    await waitFor(() => expect(api.calls(`PUT /api/venues/${SLUG}/menu`)).toHaveLength(1));
    expect((api.calls(`PUT /api/venues/${SLUG}/menu`)[0]?.body as MenuWrite).sections[0]!.items[2]).toEqual({
      cocktailId: 12,
      priceCents: null,
      availability: 'auto',
    });
  });

  it('renames a section in place, refusing an empty title', async () => {
    const user = userEvent.setup();
    const api = installArranged();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Rename the section House' }));
    const field = screen.getByRole('textbox', { name: 'Title of the section House' });
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('maxLength', '60');

    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save the title of the section House' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Give the section a title.');
    expect(api.calls(`PUT /api/venues/${SLUG}/menu`)).toHaveLength(0);

    await user.type(field, '  Our signatures ');
    await user.click(screen.getByRole('button', { name: 'Save the title of the section House' }));
    await waitFor(() => expect(api.calls(`PUT /api/venues/${SLUG}/menu`)).toHaveLength(1));
    expect(api.calls(`PUT /api/venues/${SLUG}/menu`)[0]?.body).toEqual({
      sections: [{ ...ARRANGED_WRITE.sections[0], title: 'Our signatures' }, ARRANGED_WRITE.sections[1]],
    });
    expect(await screen.findByRole('heading', { name: 'Our signatures' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Rename the section Our signatures' })).toHaveFocus(),
    );
  });

  it('disables the arrange controls while a write is pending, and keeps the menu when it fails', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const api = installApi(
      http.get(`/api/venues/${SLUG}/menu`, () => jsonBody(ARRANGED)),
      http.put(`/api/venues/${SLUG}/menu`, async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return apiErrorBody(400, 'VALIDATION_FAILED', 'a section holds at most 100 cocktails');
      }),
      http.get(`/api/venues/${SLUG}/signatures`, () => jsonBody({ items: [] })),
    );
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Move Paloma up' }));
    await waitFor(() => expect(api.calls(`PUT /api/venues/${SLUG}/menu`)).toHaveLength(1));
    for (const name of [
      'Move Paloma up',
      'Move Paloma down',
      'Edit the price of Paloma',
      'Move the section House down',
      'Rename the section Classics',
    ]) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
    expect(screen.getByRole('combobox', { name: 'Move Paloma to another section' })).toBeDisabled();

    release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Paloma up' })).toBeEnabled());
    expect(within(screen.getByRole('list', { name: 'House cocktails' })).getAllByRole('listitem')[1]).toHaveTextContent(
      /^Paloma/,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Paloma up' })).toHaveFocus());
  });

  it('shows staff (canEdit false) the availability only: no arranging, prices or renaming', async () => {
    installArranged();
    renderPanel({ canEdit: false });
    expect(await screen.findByRole('combobox', { name: 'Availability of Negroni' })).toBeInTheDocument();
    expect(screen.getByText('$14.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /to another section/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit the price/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Rename/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove the section/ })).not.toBeInTheDocument();
    expect(screen.queryByText('No price')).not.toBeInTheDocument();
  });
});
