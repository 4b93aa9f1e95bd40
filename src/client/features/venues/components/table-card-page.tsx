import { ArrowLeftIcon, PrinterIcon } from 'lucide-react';
import { Link } from 'react-router';
import { hrefs } from '@/client/config/paths';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { cn } from '@/client/lib/utils';
import { menuMutedTextColor, menuTextColor } from '@/shared/domain/venues';
import type { Brand } from '@/shared/schemas/venues';
import { useVenue } from '../api/venues';

/** Cards printed on one A4 sheet: two across, two down (each about A6, 97 × 140 mm inside the page's margins). */
export const CARDS_PER_SHEET = 4;

/**
 * The print sheet's own rules: A4 portrait with 8 mm margins, the cards in a 2 × 2 grid filling the page, dashed cut lines
 * between them, and the cards' colours printed (browsers leave backgrounds out unless told).
 */
const PRINT_CSS = `
@media print {
  @page { size: A4 portrait; margin: 8mm; }
  .table-card-sheet { display: grid; grid-template-columns: 1fr 1fr; grid-template-rows: 1fr 1fr;
    width: 194mm; height: 280mm; break-inside: avoid; }
  .table-card-sheet > .table-card { display: flex; width: auto; height: 100%; justify-content: center;
    print-color-adjust: exact; -webkit-print-color-adjust: exact; border: 0 dashed #9a9a9a; }
  .table-card-sheet > .table-card:nth-child(odd) { border-right-width: 0.3mm; }
  .table-card-sheet > .table-card:nth-child(-n + 2) { border-bottom-width: 0.3mm; }
}
`;

/** One card: the venue's name in its accent, 'Scan for tonight's menu', the QR code and the address, in its colours. */
function TableCard({
  name,
  slug,
  brand,
  menuUrl,
  copy,
}: {
  name: string;
  slug: string;
  brand: Brand;
  menuUrl: string;
  copy: boolean;
}) {
  return (
    <article
      className={cn(
        'table-card w-[105mm] flex-col items-center gap-4 rounded-3xl p-8 text-center shadow-card print:rounded-none print:shadow-none',
        copy ? 'hidden' : 'flex',
      )}
      style={{ backgroundColor: brand.background, color: menuTextColor(brand.background) }}
      aria-label={copy ? undefined : `Table card for ${name}`}
      aria-hidden={copy ? true : undefined}
      data-testid="table-card"
    >
      <h1 className="font-display text-3xl font-semibold" style={{ color: brand.accent }}>
        {name}
      </h1>
      <p className="text-sm tracking-[0.18em] uppercase">Scan for tonight’s menu</p>
      <img
        src={`/api/venues/${encodeURIComponent(slug)}/qr/svg`}
        alt={copy ? '' : `QR code of ${menuUrl}`}
        width={220}
        height={220}
        className="rounded-xl bg-white p-2"
      />
      <p className="text-xs break-all" style={{ color: menuMutedTextColor(brand.background) }}>
        {menuUrl}
      </p>
    </article>
  );
}

/**
 * A printable table card for the venue's menu: the venue's name in its colours, 'Scan for tonight's menu', the QR code
 * (the server's SVG) and the menu's address. The screen shows one card the size of a postcard with a Print button;
 * printing gives an A4 sheet of {@link CARDS_PER_SHEET} cards with dashed cut lines between them (the copies are hidden
 * on screen and from screen readers; the buttons do not print).
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
    <main
      id="main"
      className="flex min-h-dvh flex-col items-center gap-6 bg-background p-6 print:min-h-0 print:bg-white print:p-0"
    >
      <style>{PRINT_CSS}</style>
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
      <div className="table-card-sheet flex flex-col items-center" data-testid="table-card-sheet">
        {Array.from({ length: CARDS_PER_SHEET }, (_, index) => (
          <TableCard key={index} name={name} slug={slug} brand={brand} menuUrl={menuUrl} copy={index > 0} />
        ))}
      </div>
    </main>
  );
}
