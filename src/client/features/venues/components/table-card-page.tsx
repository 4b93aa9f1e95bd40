import { ArrowLeftIcon, PrinterIcon } from 'lucide-react';
import { Link } from 'react-router';
import { hrefs } from '@/client/config/paths';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { menuMutedTextColor, menuTextColor } from '@/shared/domain/venues';
import { useVenue } from '../api/venues';

/**
 * A printable table card for the venue's menu: the venue's name in its colours, 'Scan for tonight's menu', the QR code
 * (the server's SVG) and the menu's address, on a card the size of a postcard; the buttons do not print.
 */
export function TableCardPage({ userId, slug }: { userId: string; slug: string }) {
  const venue = useVenue(userId, slug);
  if (!venue.data) {
    return (
      <div className="mx-auto max-w-md p-8">
        {venue.isError ? <p>The venue could not be loaded.</p> : <Skeleton className="h-96 w-full rounded-3xl" />}
      </div>
    );
  }
  const { brand, name } = venue.data;
  const menuUrl = new URL(hrefs.publicMenu(slug), window.location.origin).toString();
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center gap-6 bg-background p-6 print:bg-white print:p-0">
      <div className="flex gap-2 print:hidden">
        <Button asChild variant="ghost">
          <Link to={hrefs.venue(slug)}>
            <ArrowLeftIcon aria-hidden="true" />
            Back to the venue
          </Link>
        </Button>
        <Button onClick={() => window.print()}>
          <PrinterIcon aria-hidden="true" />
          Print
        </Button>
      </div>
      <article
        className="flex w-[105mm] flex-col items-center gap-4 rounded-3xl p-8 text-center shadow-card print:rounded-none print:shadow-none"
        style={{ backgroundColor: brand.background, color: menuTextColor(brand.background) }}
        aria-label={`Table card for ${name}`}
      >
        <h1 className="font-display text-3xl font-semibold" style={{ color: brand.accent }}>
          {name}
        </h1>
        <p className="text-sm tracking-[0.18em] uppercase">Scan for tonight’s menu</p>
        <img
          src={`/api/venues/${encodeURIComponent(slug)}/qr/svg`}
          alt={`QR code of ${menuUrl}`}
          width={220}
          height={220}
          className="rounded-xl bg-white p-2"
        />
        <p className="text-xs break-all" style={{ color: menuMutedTextColor(brand.background) }}>
          {menuUrl}
        </p>
      </article>
    </main>
  );
}
