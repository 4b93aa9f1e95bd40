// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiErrorBody } from '@/client/test/handlers';
import { installApi, renderWithQueries, SLUG, USER_ID } from '../test/venue-fixtures';
import { VENUE_LAPSED_TEXT, VenuePage } from './venue-page';

describe("VenuePage when the owner's plan lapsed", () => {
  it("says the venue is closed, what happens to the guests' menu, and links to /upgrade", async () => {
    const message =
      "This venue's Enterprise plan has lapsed. Its owner can renew it to open the venue again; until then the " +
      "guests' menu stays up for 14 days marked 'menu not updated', then it is paused.";
    installApi(http.get(`/api/venues/${SLUG}`, () => apiErrorBody(403, 'ENTITLEMENT_REQUIRED', message)));
    const router = createMemoryRouter(
      [{ path: '/venues/:slug', element: <VenuePage userId={USER_ID} slug={SLUG} /> }],
      { initialEntries: [`/venues/${SLUG}`] },
    );
    renderWithQueries(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'This venue is closed' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: VENUE_LAPSED_TEXT.renew })).toHaveAttribute(
      'href',
      `/upgrade?from=${encodeURIComponent(`/venues/${SLUG}`)}`,
    );
  });
});
