import { ClockIcon, MapPinIcon, WineIcon } from 'lucide-react';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { paths } from '@/client/config/paths';
import { Skeleton } from '@/client/components/ui/skeleton';
import { ApiError } from '@/client/lib/api-client';
import { cn } from '@/client/lib/utils';
import { DEFAULT_BRAND, menuMutedTextColor, menuTextColor, normalizeHexColor } from '@/shared/domain/venues';
import type { PublicMenu, PublicMenuItem } from '@/shared/schemas/public-menu';
import { useScreenWakeLock } from '@/client/lib/use-screen-wake-lock';
import { usePublicMenu } from '../api/public-menu';
import { StoredPhoto } from '@/client/components/stored-photo';

/** Texts of the menu's lapsed states (the owner's plan ended: see MENU_GRACE_DAYS). */
export const MENU_STATE_TEXT = {
  notUpdated: 'Menu not updated',
  notUpdatedDetail: 'This menu is not being kept up to date right now. Ask the bar what they are pouring tonight.',
  paused: 'The menu is paused',
  pausedDetail: `This venue's menu is not available here at the moment. Ask the bar for tonight's drinks.`,
} as const;

/** '$14' or '$14.50' from cents. */
function price(cents: number): string {
  return cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`;
}

/** The venue's background as `#rrggbb`, or the app's own when it is missing or unreadable. */
function backgroundOf(value: string): string {
  return normalizeHexColor(value) ?? DEFAULT_BRAND.background;
}

/**
 * The menu's colours on `background` (`#rrggbb`): the background, the text colour that reads on it (light or dark:
 * menuTextColor), and the muted text for secondary lines as the `--menu-muted` property (menuMutedTextColor), both at
 * 4.5:1 or more.
 */
function menuColors(background: string): CSSProperties {
  return {
    backgroundColor: background,
    color: menuTextColor(background),
    ['--menu-muted' as string]: menuMutedTextColor(background),
  };
}

/**
 * One drink: name and price, what is in it, and the glass, ABV and US standard drinks, with its photo (a signature
 * cocktail's) as a square thumbnail beside the text; struck through and marked 'Unavailable tonight' (a label on its own
 * row under the name, on one line at any width) when the bar cannot make it (not faded: the text keeps its contrast; the
 * photo turns grey).
 */
function MenuItem({ item, accent, kiosk }: { item: PublicMenuItem; accent: string; kiosk: boolean }) {
  const text = (
    <>
      <div className="flex items-baseline justify-between gap-4">
        <h3 className={cn('min-w-0 font-display font-semibold break-words', kiosk ? 'text-3xl' : 'text-xl')}>
          <span className={cn(!item.available && 'line-through decoration-1')}>{item.name}</span>
        </h3>
        {item.priceCents !== null ? (
          <span
            className={cn('shrink-0 font-semibold tabular-nums', kiosk ? 'text-2xl' : 'text-lg')}
            style={{ color: accent }}
          >
            {price(item.priceCents)}
          </span>
        ) : null}
      </div>
      {/* On its own row under the name, never broken over two lines (a long name wraps instead). */}
      {!item.available ? (
        <p className="flex">
          <span
            className={cn(
              'rounded-full border border-current px-2 py-0.5 font-medium whitespace-nowrap',
              kiosk ? 'text-base' : 'text-xs',
            )}
            data-testid="unavailable-label"
          >
            Unavailable tonight
          </span>
        </p>
      ) : null}
      <p className={cn(kiosk ? 'text-xl' : 'text-sm')}>{item.ingredients.join(', ')}</p>
      {item.description && !kiosk ? (
        <p className="line-clamp-2 text-sm text-(--menu-muted)">{item.description}</p>
      ) : null}
      <p className={cn('text-(--menu-muted)', kiosk ? 'text-lg' : 'text-xs')}>
        {item.glassware} · {item.abv}% ABV · {item.standardDrinks} standard{' '}
        {item.standardDrinks === 1 ? 'drink' : 'drinks'}
      </p>
    </>
  );
  return (
    <li
      className={cn('py-4', item.photo ? 'flex gap-4' : 'flex flex-col gap-1')}
      aria-label={item.available ? undefined : `${item.name}, unavailable tonight`}
      data-available={item.available}
    >
      {item.photo ? (
        <>
          {/* The name is the heading beside it: the photo adds no words (alt=""). Greyed with the drink. */}
          <StoredPhoto
            photo={item.photo}
            alt=""
            sizes={kiosk ? '128px' : '(min-width: 640px) 96px, 72px'}
            className={cn(
              'shrink-0 rounded-lg object-cover',
              kiosk ? 'size-32' : 'size-18 sm:size-24',
              !item.available && 'grayscale',
            )}
          />
          <div className="flex min-w-0 flex-1 flex-col gap-1">{text}</div>
        </>
      ) : (
        text
      )}
    </li>
  );
}

/** The menu itself, in the venue's colours. */
function Menu({ menu, kiosk }: { menu: PublicMenu; kiosk: boolean }) {
  const { venue } = menu;
  const drinks = menu.sections.reduce((count, section) => count + section.items.length, 0);
  return (
    <div className={cn('mx-auto flex w-full flex-col gap-8 px-5 py-8', kiosk ? 'max-w-5xl' : 'max-w-2xl')}>
      <header className="flex flex-col items-center gap-2 text-center">
        {venue.logoUrl ? (
          // A fixed box: the page does not move when the logo arrives. The venue's name is the heading under it.
          <img
            src={venue.logoUrl}
            alt=""
            width={kiosk ? 128 : 96}
            height={kiosk ? 128 : 96}
            className={cn('object-contain', kiosk ? 'size-32' : 'size-24')}
            data-testid="venue-logo"
          />
        ) : null}
        <h1
          className={cn('font-display font-semibold tracking-[-0.02em]', kiosk ? 'text-6xl' : 'text-4xl')}
          style={{ color: venue.brand.accent }}
        >
          {venue.name}
        </h1>
        {venue.address || venue.openingHours ? (
          <p
            className={cn(
              'flex flex-wrap justify-center gap-x-4 gap-y-1 text-(--menu-muted)',
              kiosk ? 'text-xl' : 'text-sm',
            )}
          >
            {venue.address ? (
              <span className="flex items-center gap-1">
                <MapPinIcon aria-hidden="true" className="size-4" />
                {venue.address}
              </span>
            ) : null}
            {venue.openingHours ? (
              <span className="flex items-center gap-1">
                <ClockIcon aria-hidden="true" className="size-4" />
                {venue.openingHours}
              </span>
            ) : null}
          </p>
        ) : null}
      </header>
      {menu.state === 'not-updated' ? (
        <p
          role="status"
          className="rounded-xl border px-4 py-3 text-center text-sm"
          style={{ borderColor: `${venue.brand.accent}88` }}
          data-testid="menu-not-updated"
        >
          <span className="font-semibold" style={{ color: venue.brand.accent }}>
            {MENU_STATE_TEXT.notUpdated}.
          </span>{' '}
          {MENU_STATE_TEXT.notUpdatedDetail}
        </p>
      ) : null}
      {menu.state === 'paused' ? (
        <section className="flex flex-col items-center gap-2 text-center" data-testid="menu-paused">
          <h2 className={cn('font-display font-semibold', kiosk ? 'text-3xl' : 'text-2xl')}>
            {MENU_STATE_TEXT.paused}
          </h2>
          <p className="text-(--menu-muted)">{MENU_STATE_TEXT.pausedDetail}</p>
        </section>
      ) : drinks === 0 ? (
        <p className="text-center text-(--menu-muted)">
          The menu is being written. Ask the bar what they are pouring tonight.
        </p>
      ) : null}
      {menu.sections
        .filter((section) => section.items.length > 0)
        .map((section) => (
          <section key={section.title} aria-labelledby={`section-${section.title}`}>
            <h2
              id={`section-${section.title}`}
              className={cn('border-b pb-2 text-xs font-semibold tracking-[0.2em] uppercase', kiosk && 'text-base')}
              style={{ color: venue.brand.accent, borderColor: `${venue.brand.accent}55` }}
            >
              {section.title}
            </h2>
            <ul
              className="divide-y"
              style={{ borderColor: `${menuTextColor(backgroundOf(venue.brand.background))}22` }}
            >
              {section.items.map((item) => (
                <MenuItem key={item.id} item={item} accent={venue.brand.accent} kiosk={kiosk} />
              ))}
            </ul>
          </section>
        ))}
      {kiosk ? null : (
        <footer className="flex flex-col items-center gap-1 pt-4 text-center text-xs text-(--menu-muted)">
          <p>For guests of legal drinking age. Please drink responsibly.</p>
          <p>
            Menu by{' '}
            <Link to={paths.home} className="underline underline-offset-4">
              Barback
            </Link>
          </p>
        </footer>
      )}
    </div>
  );
}

/**
 * /v/:slug: a venue's public menu for guests (no sign-in; the age gate before it as everywhere), in the venue's colours,
 * with what the bar cannot make right now greyed out. It reads availability again every 15 s. When the owner's plan
 * lapsed, the menu says 'Menu not updated' for MENU_GRACE_DAYS days, then names the venue and says the menu is paused. On a Toast device
 * (`kiosk`) it shows large type, no links and no footer, stays on the page and keeps the screen on (a wake lock).
 */
export function PublicMenuPage({ slug, kiosk }: { slug: string; kiosk: boolean }) {
  const menu = usePublicMenu(slug);
  // A kiosk stays open on the counter: its screen must not dim or lock.
  useScreenWakeLock(kiosk);
  const background = backgroundOf(menu.data?.venue.brand.background ?? '');
  return (
    <main
      id="main"
      className="min-h-dvh"
      style={menuColors(background)}
      data-testid="public-menu"
      data-kiosk={kiosk ? '' : undefined}
    >
      {menu.isPending ? (
        <div className="mx-auto flex max-w-2xl flex-col gap-4 px-5 py-8" aria-busy="true" aria-label="Loading the menu">
          <Skeleton className="mx-auto h-10 w-2/3" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : menu.isError && !menu.data ? (
        <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-5 py-16 text-center">
          <WineIcon aria-hidden="true" className="size-10 opacity-70" />
          <h1 className="font-display text-2xl font-semibold">
            {menu.error instanceof ApiError && menu.error.status === 404
              ? 'No menu here'
              : 'The menu could not be loaded'}
          </h1>
          <p className="text-sm text-(--menu-muted)">
            {menu.error instanceof ApiError && menu.error.status === 404
              ? 'There is no menu at this address. Check the QR code, or ask the bar.'
              : 'Check your connection; the menu tries again by itself.'}
          </p>
        </div>
      ) : menu.data ? (
        <Menu menu={menu.data} kiosk={kiosk} />
      ) : null}
    </main>
  );
}
