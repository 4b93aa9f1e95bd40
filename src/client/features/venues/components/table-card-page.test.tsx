// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { jsonBody } from '@/client/test/handlers';
import { renderRoutes } from '@/client/test/render-routes';
import type { Venue } from '@/shared/schemas/venues';
import { installApi, SLUG, USER_ID } from '../test/venue-fixtures';
import { CARDS_PER_SHEET, TableCardPage } from './table-card-page';

const VENUE: Venue = {
  id: 'org-1',
  slug: SLUG,
  name: 'The Bar',
  logoUrl: null,
  brand: { background: '#f4efe6', accent: '#8a3b12' },
  address: null,
  openingHours: null,
  menuListed: false,
  role: 'owner',
  seats: { limit: 10, used: 0 },
  createdAt: '2026-01-01T00:00:00.000Z',
};

function renderPage() {
  installApi(http.get(`/api/venues/${SLUG}`, () => jsonBody(VENUE)));
  renderRoutes([{ path: '/', element: <TableCardPage userId={USER_ID} slug={SLUG} /> }], '/', { session: false });
}

describe('TableCardPage', () => {
  it('shows one card and a Print button; the print sheet holds the other copies, hidden from screen readers', async () => {
    renderPage();
    const card = await screen.findByRole('article', { name: 'Table card for The Bar' });
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toEqual([card]);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(within(card).getByRole('img', { name: /^QR code of http/ })).toHaveAttribute(
      'src',
      `/api/venues/${SLUG}/qr/svg`,
    );

    expect(CARDS_PER_SHEET).toBeGreaterThanOrEqual(4);
    const sheet = screen.getByTestId('table-card-sheet');
    expect(sheet).toHaveClass('table-card-sheet');
    const cards = within(sheet).getAllByTestId('table-card');
    expect(cards).toHaveLength(CARDS_PER_SHEET);
    expect(cards[0]).toBe(card);
    expect(cards[0]).not.toHaveAttribute('aria-hidden');
    for (const copy of cards.slice(1)) {
      expect(copy).toHaveAttribute('aria-hidden', 'true');
      expect(copy).toHaveClass('hidden');
      expect(copy).toHaveTextContent('The Bar');
    }
    expect(document.querySelector('style')?.textContent).toMatch(/@page\s*\{\s*size: A4/);
  });

  it('writes the card in the text colour its background needs (dark ink on a light brand)', async () => {
    renderPage();
    const card = await screen.findByRole('article', { name: 'Table card for The Bar' });
    expect(card.style.color).toBe('rgb(28, 20, 16)');
  });
});
