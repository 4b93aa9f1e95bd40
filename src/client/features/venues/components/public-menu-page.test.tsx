// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { jsonBody } from '@/client/test/handlers';
import { renderRoutes } from '@/client/test/render-routes';
import { contrastRatio } from '@/shared/domain/venues';
import type { PublicMenu, PublicMenuItem } from '@/shared/schemas/venues';
import { installApi, PHOTO, SLUG } from '../test/venue-fixtures';
import { MENU_STATE_TEXT, PublicMenuPage } from './public-menu-page';

const item = (overrides: Partial<PublicMenuItem>): PublicMenuItem => ({
  id: 1,
  name: 'Negroni',
  description: '',
  ingredients: ['Gin', 'Campari', 'Sweet vermouth'],
  glassware: 'Rocks',
  priceCents: 1400,
  abv: 22.5,
  standardDrinks: 1.4,
  imageUrl: null,
  photo: null,
  isSignature: false,
  available: true,
  ...overrides,
});

function menuOf(logoUrl: string | null, items: PublicMenuItem[]): PublicMenu {
  return {
    venue: {
      name: 'The Bar',
      slug: SLUG,
      logoUrl,
      brand: { background: '#140f0c', accent: '#e6a84f' },
      address: null,
      openingHours: null,
    },
    sections: [{ title: 'House', items }],
    asOf: '2026-01-01T20:00:00.000Z',
    state: 'open',
  };
}

function renderPage(menu: PublicMenu, kiosk = false) {
  installApi(http.get(`/api/menus/${SLUG}`, () => jsonBody(menu)));
  renderRoutes([{ path: '/', element: <PublicMenuPage slug={SLUG} kiosk={kiosk} /> }], '/', { session: false });
}

describe('PublicMenuPage: logo and photos', () => {
  it("shows the venue's logo in a fixed box, and a signature's photo as a lazy thumbnail sized by the photo", async () => {
    renderPage(
      menuOf('/media/logo/320.webp', [
        item({ id: 2, name: 'House Negroni', photo: PHOTO, isSignature: true, available: false }),
        item({}),
      ]),
    );
    await screen.findByRole('heading', { name: 'The Bar' });
    const logo = screen.getByTestId('venue-logo');
    expect(logo).toHaveAttribute('src', '/media/logo/320.webp');
    expect(logo).toHaveAttribute('width', '96');
    expect(logo).toHaveAttribute('height', '96');

    const signature = screen.getByRole('listitem', { name: 'House Negroni, unavailable tonight' });
    const photo = signature.querySelector('img') as HTMLImageElement;
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(photo).toHaveAttribute('width', '1600');
    expect(photo).toHaveAttribute('height', '1200');
    expect(photo.parentElement?.tagName).toBe('PICTURE');
    expect(photo.parentElement?.querySelector('source[type="image/webp"]')).toHaveAttribute(
      'srcset',
      '/media/p/320.webp 320w, /media/p/640.webp 640w',
    );
    expect(within(signature).getByText('Unavailable tonight')).toBeInTheDocument();

    const classic = screen.getByRole('heading', { name: 'Negroni' }).closest('li') as HTMLElement;
    expect(classic.querySelector('img')).toBeNull();
  });

  it('shows no logo box when the venue has none', async () => {
    renderPage(menuOf(null, [item({})]));
    await screen.findByRole('heading', { name: 'The Bar' });
    expect(screen.queryByTestId('venue-logo')).toBeNull();
  });
});

describe('PublicMenuPage: a lapsed owner plan', () => {
  it("marks the menu 'Menu not updated' during the grace days and still lists the drinks", async () => {
    renderPage({ ...menuOf(null, [item({})]), state: 'not-updated' });
    await screen.findByRole('heading', { name: 'The Bar' });
    expect(screen.getByTestId('menu-not-updated').textContent).toContain(MENU_STATE_TEXT.notUpdated);
    expect(screen.getByRole('heading', { name: 'Negroni' })).toBeInTheDocument();
  });

  it('names the venue and says the menu is paused after them', async () => {
    renderPage({ ...menuOf(null, []), sections: [], state: 'paused' });
    expect(await screen.findByRole('heading', { level: 1, name: 'The Bar' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: MENU_STATE_TEXT.paused })).toBeInTheDocument();
    expect(screen.queryByText(/The menu is being written/)).toBeNull();
    expect(screen.queryByText('No menu here')).toBeNull();
  });
});

describe('PublicMenuPage: the text colour follows the background', () => {
  it('writes the menu in dark ink on a light brand, its secondary lines muted but readable', async () => {
    const menu = menuOf(null, [item({})]);
    renderPage({ ...menu, venue: { ...menu.venue, brand: { background: '#f4efe6', accent: '#8a3b12' } } });
    await screen.findByRole('heading', { name: 'The Bar' });
    const page = screen.getByTestId('public-menu');
    expect(page.style.color).toBe('rgb(28, 20, 16)');
    const muted = page.style.getPropertyValue('--menu-muted');
    expect(contrastRatio(muted, '#f4efe6')).toBeGreaterThanOrEqual(4.5);
    expect(screen.getByText(/Rocks · 22.5% ABV/)).toHaveClass('text-(--menu-muted)');
  });

  it('keeps the warm white on a dark brand', async () => {
    renderPage(menuOf(null, [item({})]));
    await screen.findByRole('heading', { name: 'The Bar' });
    expect(screen.getByTestId('public-menu').style.color).toBe('rgb(246, 239, 228)');
  });
});

describe('PublicMenuPage: an unavailable drink', () => {
  it("puts 'Unavailable tonight' on a row of its own under the name, on one line, and names it for screen readers", async () => {
    renderPage(menuOf(null, [item({ name: 'A Very Long Signature Name For A Narrow Phone', available: false })]));
    const heading = await screen.findByRole('heading', { name: 'A Very Long Signature Name For A Narrow Phone' });
    const label = screen.getByTestId('unavailable-label');
    expect(label).toHaveTextContent('Unavailable tonight');
    expect(label).toHaveClass('whitespace-nowrap');
    expect(heading).not.toContainElement(label);
    expect(heading.parentElement).not.toContainElement(label);
    expect(
      screen.getByRole('listitem', { name: 'A Very Long Signature Name For A Narrow Phone, unavailable tonight' }),
    ).toContainElement(label);
  });

  it('shows no label on a drink the bar can make', async () => {
    renderPage(menuOf(null, [item({})]));
    await screen.findByRole('heading', { name: 'Negroni' });
    expect(screen.queryByTestId('unavailable-label')).toBeNull();
  });
});
