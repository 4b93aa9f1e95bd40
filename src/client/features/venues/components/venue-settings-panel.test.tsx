// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '@/client/lib/toast-events';
import { jsonBody } from '@/client/test/handlers';
import type { Venue } from '@/shared/schemas/venues';
import { useVenue } from '../api/venues';
import { installApi, SLUG, USER_ID } from '../test/venue-fixtures';
import { renderRoutes } from '@/client/test/render-routes';
import { VenueSettingsPanel } from './venue-settings-panel';

vi.mock('@/client/lib/toast-events', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/client/lib/toast-events')>()),
  showToast: vi.fn(),
}));

afterEach(() => vi.mocked(showToast).mockClear());

const VENUE: Venue = {
  id: 'org-1',
  slug: SLUG,
  name: 'The Bar',
  logoUrl: null,
  brand: { background: '#140f0c', accent: '#e6a84f' },
  address: null,
  openingHours: null,
  menuListed: false,
  role: 'manager',
  seats: { limit: 5, used: 1 },
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** The panel as the venue page shows it: over the cached venue. */
function Harness() {
  const venue = useVenue(USER_ID, SLUG);
  return venue.data ? <VenueSettingsPanel userId={USER_ID} venue={venue.data} /> : null;
}

const fileOf = (name: string, type: string) => new File([new Uint8Array(16)], name, { type });

describe('VenueSettingsPanel: the logo', () => {
  it('refuses a GIF without sending it, then uploads a PNG and shows the new logo', async () => {
    const user = userEvent.setup({ applyAccept: false });
    let contentType: string | null = null;
    const api = installApi(
      http.get(`/api/venues/${SLUG}`, () => jsonBody(VENUE)),
      http.put(`/api/venues/${SLUG}/logo`, ({ request }) => {
        contentType = request.headers.get('Content-Type');
        return jsonBody({ ...VENUE, logoUrl: '/media/logo/320.webp' });
      }),
    );
    renderRoutes([{ path: '/', element: <Harness /> }], '/', { session: false });
    expect(await screen.findByRole('img', { name: 'No logo yet' })).toBeInTheDocument();
    const input = screen.getByLabelText('Logo file');

    await user.upload(input, fileOf('logo.gif', 'image/gif'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload a JPEG, PNG or WebP image.');
    expect(api.calls('PUT')).toHaveLength(0);

    await user.upload(input, fileOf('logo.png', 'image/png'));
    const logo = await screen.findByRole('img', { name: 'The logo of The Bar' });
    expect(logo).toHaveAttribute('src', '/media/logo/320.webp');
    expect(contentType).toBe('image/png');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Replace logo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove logo' })).toBeInTheDocument();
  });
});

describe('VenueSettingsPanel: the brand preview', () => {
  it('previews warm white on a dark background, and dark text once the background is light', async () => {
    const user = userEvent.setup();
    installApi(http.get(`/api/venues/${SLUG}`, () => jsonBody(VENUE)));
    renderRoutes([{ path: '/', element: <Harness /> }], '/', { session: false });
    const preview = await screen.findByRole('img', { name: 'Menu preview' });
    expect(preview).toHaveAttribute('data-text-color', '#f6efe4');
    const background = screen.getByLabelText('Background colour');
    await user.clear(background);
    await user.type(background, '#ffffff');
    expect(screen.getByRole('img', { name: 'Menu preview' })).toHaveAttribute('data-text-color', '#1c1410');
    expect(screen.getByRole('img', { name: 'Menu preview' })).toHaveTextContent('Text contrast 18.2:1');
  });
});

describe('VenueSettingsPanel: listing the menu in search engines', () => {
  it('shows the listing off with its hint, and saves menuListed: true once ticked', async () => {
    const user = userEvent.setup();
    let sent: unknown = null;
    installApi(
      http.get(`/api/venues/${SLUG}`, () => jsonBody(VENUE)),
      http.patch(`/api/venues/${SLUG}`, async ({ request }) => {
        sent = await request.json();
        return jsonBody({ ...VENUE, menuListed: true });
      }),
    );
    renderRoutes([{ path: '/', element: <Harness /> }], '/', { session: false });
    const box = await screen.findByRole('checkbox', { name: 'List this menu in search engines' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(
      "Adds your public menu to Barback's sitemap so search engines can find it.",
    );
    await user.click(box);
    expect(box).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(showToast).toHaveBeenCalledWith({ title: 'Venue saved', variant: 'success' }));
    expect(sent).toMatchObject({ menuListed: true });
    expect(screen.getByRole('checkbox', { name: 'List this menu in search engines' })).toBeChecked();
  });
});
