import { ArrowLeftIcon, Building2Icon, ClockIcon, MapPinIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { hrefs, paths } from '@/client/config/paths';
import { LoadFailed } from '@/client/components/load-failed';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { ApiError } from '@/client/lib/api-client';
import { menuMutedTextColor, menuTextColor, VENUE_ROLE_LABELS } from '@/shared/domain/venues';
import { useVenue } from '../api/venues';
import { InventoryPanel } from './inventory-panel';
import { MenuPanel } from './menu-panel';
import { SignaturesPanel } from './signatures-panel';
import { TeamPanel } from './team-panel';
import { VenueSettingsPanel } from './venue-settings-panel';

/** Text of the lapsed venue's notice: where the owner renews. */
export const VENUE_LAPSED_TEXT = { renew: 'Renew Enterprise' } as const;

/**
 * A message in place of the venue (not a member, plan lapsed), with the way back to the venues list and, for a lapsed
 * plan (`renew`), a link to /upgrade returning here.
 */
function VenueUnavailable({ title, message, renew = false }: { title: string; message: string; renew?: boolean }) {
  const { pathname } = useLocation();
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-3xl border border-border bg-surface px-6 py-12 text-center shadow-card">
      <span className="flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent">
        <Building2Icon aria-hidden="true" className="size-7" />
      </span>
      <h1 className="font-display text-2xl font-semibold">{title}</h1>
      <p className="text-sm text-muted">{message}</p>
      <div className="flex flex-wrap justify-center gap-2">
        {renew ? (
          <Button asChild>
            <Link to={hrefs.upgrade({ from: pathname })}>{VENUE_LAPSED_TEXT.renew}</Link>
          </Button>
        ) : null}
        <Button asChild variant="secondary">
          <Link to={paths.venues}>
            <ArrowLeftIcon aria-hidden="true" />
            Your venues
          </Link>
        </Button>
      </div>
    </section>
  );
}

/**
 * /venues/:slug: a venue's space. Everyone on the team sees the venue (name, address, hours, their role) and its
 * signature cocktails, and keeps the team inventory and the menu's availability; the owner and managers edit the menu,
 * the signature recipes and their photos, the venue's details, brand and logo; the owner manages the team and its seats.
 */
export function VenuePage({ userId, slug }: { userId: string; slug: string }) {
  const venue = useVenue(userId, slug);
  if (venue.isPending) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-4" aria-busy="true" aria-label="Loading the venue">
        <Skeleton className="h-20 w-full rounded-2xl" />
        <Skeleton className="h-64 w-full rounded-2xl" />
      </div>
    );
  }
  if (venue.isError) {
    const error = venue.error;
    if (error instanceof ApiError && error.status === 404) {
      return (
        <VenueUnavailable
          title="Venue not found"
          message="There is no venue at this address, or you are not on its team."
        />
      );
    }
    if (error instanceof ApiError && error.code === 'ENTITLEMENT_REQUIRED') {
      return <VenueUnavailable title="This venue is closed" message={error.message} renew />;
    }
    return (
      <LoadFailed
        variant="banner"
        message="The venue could not be loaded."
        onRetry={() => void venue.refetch()}
        retrying={venue.isFetching}
      />
    );
  }
  const data = venue.data;
  const canEdit = data.role === 'owner' || data.role === 'manager';
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6" data-testid="venue-page">
      {/* The brand's colours, with the text colour that reads on its background (light or dark ink), as on the menu. */}
      <header
        className="flex flex-col gap-3 rounded-3xl border border-border p-5 md:p-6"
        style={{ backgroundColor: data.brand.background, color: menuTextColor(data.brand.background) }}
      >
        <Link
          to={paths.venues}
          className="flex w-fit items-center gap-1 text-sm underline-offset-2 hover:underline"
          style={{ color: menuMutedTextColor(data.brand.background) }}
        >
          <ArrowLeftIcon aria-hidden="true" className="size-4" />
          Venues
        </Link>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h1
            className="font-display text-3xl font-semibold tracking-[-0.02em] md:text-4xl"
            style={{ color: data.brand.accent }}
          >
            {data.name}
          </h1>
          <span className="rounded-full border border-current/40 px-3 py-1 text-xs">
            {VENUE_ROLE_LABELS[data.role]}
          </span>
        </div>
        <dl
          className="flex flex-wrap gap-x-5 gap-y-1 text-sm"
          style={{ color: menuMutedTextColor(data.brand.background) }}
        >
          {data.address ? (
            <div className="flex items-center gap-1.5">
              <dt>
                <MapPinIcon aria-hidden="true" className="size-4" />
                <span className="sr-only">Address</span>
              </dt>
              <dd>{data.address}</dd>
            </div>
          ) : null}
          {data.openingHours ? (
            <div className="flex items-center gap-1.5">
              <dt>
                <ClockIcon aria-hidden="true" className="size-4" />
                <span className="sr-only">Opening hours</span>
              </dt>
              <dd>{data.openingHours}</dd>
            </div>
          ) : null}
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Menu address</dt>
            <dd>/v/{data.slug}</dd>
          </div>
        </dl>
      </header>
      <MenuPanel userId={userId} slug={data.slug} canEdit={canEdit} />
      <SignaturesPanel userId={userId} slug={data.slug} canEdit={canEdit} />
      <InventoryPanel userId={userId} slug={data.slug} />
      {data.role === 'owner' ? <TeamPanel userId={userId} slug={data.slug} /> : null}
      {canEdit ? <VenueSettingsPanel userId={userId} venue={data} /> : null}
    </div>
  );
}
