import { CalculatorIcon, ChevronLeftIcon, WineIcon } from 'lucide-react';
import { Link, useLocation, useMatches } from 'react-router';
import { paths } from '@/client/config/paths';
import { Button } from '@/client/components/ui/button';
import { AccountMenu, AvatarPlaceholder } from '@/client/features/auth/components/account-menu';
import { SignInButtons } from '@/client/features/auth/components/sign-in-buttons';
import { useHeaderAuthState } from '@/client/features/auth/hooks/use-header-auth-state';
import { BrandMark } from './brand-mark';
import { LegalMenu } from './legal-menu';

/** Route `handle` shape: `title` names the page in the native header. */
export interface RouteHandle {
  title?: string;
}

/** The title of the deepest matched route that names one, or 'Barback'. */
function useRouteTitle(): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const title = (matches[i]?.handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return 'Barback';
}

/**
 * The native-app header (docs/product.md, Shells, ios shell): compact (44 px), padded below the status bar (safe area),
 * with the page title centred, the logo (a link home) on / and a Home button on the left on every other page, and on
 * the right the Batch Calc button and the auth side: a disabled My Bar placeholder and an avatar placeholder while the
 * session loads, the My Bar button and the avatar menu when signed in, or 'Sign In', 'Sign Up' and the Legal menu when
 * signed out.
 */
export function NativeHeader() {
  const { pathname } = useLocation();
  const title = useRouteTitle();
  const isHome = pathname === paths.home;
  const auth = useHeaderAuthState();
  return (
    <header
      data-testid="native-header"
      className="print:hidden sticky top-0 z-40 border-b border-border/70 bg-background pt-safe"
    >
      <div className="relative mx-auto grid h-11 max-w-6xl grid-cols-[minmax(5.5rem,auto)_minmax(0,1fr)_minmax(5.5rem,auto)] items-center gap-1 px-2">
        <div className="flex items-center">
          {isHome ? (
            <Link
              to={paths.home}
              aria-label="Barback home"
              className="ml-1 inline-flex size-9 items-center justify-center rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <BrandMark className="size-7 text-foreground" />
            </Link>
          ) : (
            <Button asChild variant="ghost" size="sm" className="px-1.5 text-accent" data-testid="home-button">
              <Link to={paths.home}>
                <ChevronLeftIcon className="size-5" aria-hidden="true" />
                Home
              </Link>
            </Button>
          )}
        </div>
        <p className="truncate text-center text-base font-semibold" data-testid="native-title">
          {title}
        </p>
        <div className="flex items-center justify-end gap-1">
          <Button asChild variant="ghost" size="icon" data-testid="batch-calc-button" className="size-9 text-accent">
            <Link to={paths.batchCalculator} aria-label="Batch Calc">
              <CalculatorIcon aria-hidden="true" className="size-5" />
            </Link>
          </Button>
          {auth.kind === 'signed-in' ? (
            <Button asChild variant="ghost" size="icon" data-testid="my-bar-button" className="text-accent">
              <Link to={paths.myBar} aria-label="My Bar">
                <WineIcon aria-hidden="true" className="size-5" />
              </Link>
            </Button>
          ) : auth.kind === 'placeholder' ? (
            <Button variant="ghost" size="icon" disabled aria-label="My Bar" data-testid="my-bar-placeholder">
              <WineIcon aria-hidden="true" className="size-5" />
            </Button>
          ) : null}
          {auth.kind === 'signed-in' ? (
            <AccountMenu email={auth.email} />
          ) : auth.kind === 'placeholder' ? (
            <AvatarPlaceholder />
          ) : (
            <>
              <SignInButtons variant="header" showWhileLoading className="gap-0.5 [&>button]:px-2" />
              <LegalMenu compact />
            </>
          )}
        </div>
      </div>
    </header>
  );
}
