import { Link } from 'react-router';
import { buildInfo } from '@/client/lib/build-info';
import { LEGAL_LINKS } from '@/client/lib/legal-links';
import { BrandLogo } from './brand-logo';

/** Desktop footer (hidden below 768 px, where the tab bar takes its place): legal links and "Enjoy responsibly". */
export function SiteFooter() {
  const links = LEGAL_LINKS;
  return (
    <footer
      data-testid="site-footer"
      className="print:hidden mt-auto hidden border-t border-border/70 bg-surface/40 md:block"
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-6 px-6 py-8">
        <div className="flex flex-col gap-2">
          <BrandLogo compact />
          <p className="text-sm text-muted">
            Enjoy responsibly. For adults of legal drinking age.{' '}
            <span className="text-subtle">v{buildInfo.version}</span>
          </p>
        </div>
        <nav aria-label="Legal">
          <ul className="flex items-center gap-6 text-sm">
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="text-muted underline-offset-4 transition-colors hover:text-foreground hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
