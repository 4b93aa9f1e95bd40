// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiErrorBody } from '@/client/test/handlers';
import { renderRoutes } from '@/client/test/render-routes';
import { installApi, SLUG, USER_ID } from '../test/venue-fixtures';
import { VENUE_LAPSED_TEXT, VenuePage } from './venue-page';

describe("VenuePage when the owner's plan lapsed", () => {
  it("says the venue is closed, what happens to the guests' menu, and links to /upgrade", async () => {
    const message =
      "This venue's Enterprise plan has lapsed. Its owner can renew it to open the venue again; until then the " +
      "guests' menu stays up for 14 days marked 'menu not updated', then it is paused.";
    installApi(http.get(`/api/venues/${SLUG}`, () => apiErrorBody(403, 'ENTITLEMENT_REQUIRED', message)));
    renderRoutes([{ path: '/venues/:slug', element: <VenuePage userId={USER_ID} slug={SLUG} /> }], `/venues/${SLUG}`, {
      session: false,
    });
    expect(await screen.findByRole('heading', { name: 'This venue is closed' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: VENUE_LAPSED_TEXT.renew })).toHaveAttribute(
      'href',
      `/upgrade?from=${encodeURIComponent(`/venues/${SLUG}`)}`,
    );
  });
});
