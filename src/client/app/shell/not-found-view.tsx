import { Link } from 'react-router';
import { paths } from '@/client/config/paths';
import { Button } from '@/client/components/ui/button';
import { useDocumentTitle } from '@/client/lib/use-document-title';

/** Exact texts of the 404 page (docs/product.md, Error screens). */
export const NOT_FOUND_TEXT = { title: "Oops! This cocktail recipe doesn't exist", link: 'Return to Bar' } as const;

/** A tipped-over coupe with a spilled pour: the 404 illustration. Decorative. */
function SpilledCoupe() {
  return (
    <svg viewBox="0 0 200 140" aria-hidden="true" focusable="false" className="h-auto w-56 md:w-64">
      <defs>
        <radialGradient id="nf-glow" cx="50%" cy="60%" r="50%">
          <stop offset="0" stopColor="#e6a84f" stopOpacity="0.35" />
          <stop offset="1" stopColor="#e6a84f" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="nf-pour" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#e6a84f" stopOpacity="0.9" />
          <stop offset="1" stopColor="#c98d3c" stopOpacity="0.5" />
        </linearGradient>
      </defs>
      <ellipse cx="100" cy="105" rx="95" ry="40" fill="url(#nf-glow)" />
      <path d="M100 117c20-3 46-2 68 2 10 2 8 7-4 8-26 2-48 1-66-2-8-2-6-7 2-8z" fill="url(#nf-pour)" />
      <g
        transform="translate(0 3) rotate(78 70 90)"
        stroke="#f6efe4"
        strokeWidth="3.2"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M40 60h60c0 17-13.5 30-30 30S40 77 40 60z" />
        <path d="M70 90v26M56 118h28" />
      </g>
      <circle cx="156" cy="110" r="7" fill="#c8453a" />
      <path d="M157 103c3-7 9-11 16-12" stroke="#7a9a5a" strokeWidth="2" fill="none" strokeLinecap="round" />
      <circle cx="128" cy="104" r="2" fill="#e6a84f" opacity="0.7" />
      <circle cx="176" cy="114" r="1.6" fill="#e6a84f" opacity="0.6" />
    </svg>
  );
}

/** The 404 page: 'Oops! This cocktail recipe doesn't exist' with a 'Return to Bar' link to /. */
export function NotFoundView() {
  useDocumentTitle('Page not found');
  return (
    <section data-testid="not-found" className="flex flex-col items-center px-4 py-12 text-center md:py-20">
      <SpilledCoupe />
      <p className="mt-2 font-display text-5xl font-semibold text-accent [text-shadow:0_0_32px_rgb(230_168_79/0.45)]">
        404
      </p>
      <h1 className="mt-3 max-w-md font-display text-2xl font-semibold tracking-[-0.01em] md:text-3xl">
        {NOT_FOUND_TEXT.title}
      </h1>
      <p className="mt-3 max-w-sm text-muted">
        We checked behind the bar, under the bar mats and in the ice well. This page was never on the menu.
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to={paths.home}>{NOT_FOUND_TEXT.link}</Link>
      </Button>
    </section>
  );
}
