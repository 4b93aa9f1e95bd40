import { CalculatorIcon, HouseIcon, WineIcon } from 'lucide-react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '@/client/config/paths';
import { Button } from '@/client/components/ui/button';
import { AccountMenu, AvatarPlaceholder } from '@/client/features/auth/components/account-menu';
import { SignInButtons } from '@/client/features/auth/components/sign-in-buttons';
import { useHeaderAuthState } from '@/client/features/auth/hooks/use-header-auth-state';
import { cn } from '@/client/lib/utils';
import { BrandLogo } from './brand-logo';
import { LegalMenu } from './legal-menu';
import { NAV_ITEMS, useNavItemClick } from './nav-items';

/**
 * The web top bar (docs/product.md, Screens), sticky on desktop and mobile web: the logo linking to /, the primary
 * links on desktop, a Home button on every page except / and the Batch Calc button (both icon only below 640 px), and
 * the auth side: a disabled My Bar placeholder and an avatar placeholder while the session loads, the My Bar button and
 * the avatar menu when signed in, or 'Sign In' + 'Sign Up' and the Legal dropdown when signed out.
 */
export function TopBar() {
  const { pathname } = useLocation();
  const isHome = pathname === paths.home;
  const auth = useHeaderAuthState();
  const onNavClick = useNavItemClick();
  return (
    <header
      data-testid="top-bar"
      className="print:hidden sticky top-0 z-40 border-b border-border/70 bg-background pt-safe md:bg-background/80 md:backdrop-blur-xl md:backdrop-saturate-150"
    >
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 md:h-16 md:px-6">
        <Link to={paths.home} aria-label="Barback home" className="-ml-1 rounded-lg px-1 py-1">
          {/* Off the home page the Home button joins the bar: on the narrowest phones the mark alone is the logo. */}
          <BrandLogo wordmarkClassName={isHome ? undefined : 'max-[419px]:sr-only'} />
        </Link>
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
          {NAV_ITEMS.filter((item) => item.inTopBar).map(({ label, to, end }) => (
            <NavLink
              key={to}
              to={to}
              end={end}
              onClick={(event) => onNavClick(event, to)}
              className={({ isActive }) =>
                cn(
                  'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                  isActive ? 'bg-accent-soft text-accent' : 'text-muted hover:bg-surface-2 hover:text-foreground',
                )
              }
            >
              {label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1">
          {isHome ? null : (
            <Button
              asChild
              variant="secondary"
              size="sm"
              data-testid="home-button"
              className="w-8 px-0 sm:w-auto sm:px-3"
            >
              <Link to={paths.home}>
                <HouseIcon aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">Home</span>
              </Link>
            </Button>
          )}
          <Button
            asChild
            variant="secondary"
            size="sm"
            data-testid="batch-calc-button"
            className="w-8 px-0 sm:w-auto sm:px-3"
          >
            <Link to={paths.batchCalculator}>
              <CalculatorIcon aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">Batch Calc</span>
            </Link>
          </Button>
          {auth.kind === 'signed-in' ? (
            <Button
              asChild
              variant="secondary"
              size="sm"
              data-testid="my-bar-button"
              className="w-8 px-0 sm:w-auto sm:px-3"
            >
              <Link to={paths.myBar}>
                <WineIcon aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">My Bar</span>
              </Link>
            </Button>
          ) : auth.kind === 'placeholder' ? (
            <Button
              variant="secondary"
              size="sm"
              disabled
              data-testid="my-bar-placeholder"
              className="w-8 px-0 sm:w-auto sm:px-3"
            >
              <WineIcon aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">My Bar</span>
            </Button>
          ) : null}
          {auth.kind === 'signed-in' ? (
            <AccountMenu email={auth.email} />
          ) : auth.kind === 'placeholder' ? (
            <AvatarPlaceholder />
          ) : (
            <>
              <SignInButtons variant="header" showWhileLoading className="gap-1 sm:gap-2" />
              <LegalMenu />
            </>
          )}
        </div>
      </div>
    </header>
  );
}
