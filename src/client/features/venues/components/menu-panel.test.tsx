// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { negroniDetail, summaryOf } from '@/client/test/fixtures';
import { jsonBody } from '@/client/test/handlers';
import type { TeamMenu } from '@/shared/schemas/venues';
import { installApi, renderWithQueries, signatureOf, SLUG, USER_ID } from '../test/venue-fixtures';
import { MenuPanel } from './menu-panel';

const MENU: TeamMenu = { sections: [{ id: 1, title: 'House', items: [] }] };

function renderPanel() {
  const router = createMemoryRouter([{ path: '/', element: <MenuPanel userId={USER_ID} slug={SLUG} canEdit /> }]);
  renderWithQueries(<RouterProvider router={router} />);
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
    await waitFor(() => expect(api.calls(`PUT /api/venues/${SLUG}/menu`)).toHaveLength(1));
    expect(api.calls(`PUT /api/venues/${SLUG}/menu`)[0]?.body).toEqual({
      sections: [{ title: 'House', items: [{ cocktailId: 900, priceCents: null, availability: 'auto' }] }],
    });
  });
});
