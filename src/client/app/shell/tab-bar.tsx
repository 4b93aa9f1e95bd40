import { NavLink, useLocation } from 'react-router';
import { cn } from '@/client/lib/utils';
import { NAV_ITEMS, TAB_BAR_HIDDEN_PATHS, useNavItemClick } from './nav-items';

/**
 * Bottom tab bar for small screens (docs/product.md, Screens): four columns (Discover, My Bar, Search, Profile), fixed
 * to the bottom, padded for the home indicator (safe area), hidden from the md breakpoint (768 px) up and on /upgrade.
 * The active tab carries aria-current="page" (set by NavLink). A signed-out tap on My Bar or Profile opens the sign-in
 * dialog.
 */
export function TabBar() {
  const onNavClick = useNavItemClick();
  const { pathname } = useLocation();
  if (TAB_BAR_HIDDEN_PATHS.includes(pathname.replace(/\/+$/, '') || '/')) return null;
  return (
    <nav
      aria-label="Primary"
      data-testid="tab-bar"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-background pb-safe print:hidden md:hidden"
    >
      <ul className="mx-auto grid h-16 max-w-md grid-cols-4 px-2">
        {NAV_ITEMS.map(({ label, to, icon: Icon, end }) => (
          <li key={to} className="flex">
            <NavLink
              to={to}
              end={end}
              onClick={(event) => onNavClick(event, to)}
              className={({ isActive }) =>
                cn(
                  'group relative flex flex-1 flex-col items-center justify-center gap-1 rounded-xl text-xs font-medium transition-colors focus-visible:outline-offset-[-2px]',
                  isActive ? 'text-accent' : 'text-muted hover:text-foreground',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <span
                    aria-hidden="true"
                    className={cn(
                      'absolute top-0 h-0.5 w-8 rounded-full bg-accent transition-opacity',
                      isActive ? 'opacity-100' : 'opacity-0',
                    )}
                  />
                  <span
                    className={cn(
                      'flex h-7 w-12 items-center justify-center rounded-full transition-colors',
                      isActive && 'bg-accent-soft',
                    )}
                  >
                    <Icon className="size-5" strokeWidth={isActive ? 2.25 : 1.75} aria-hidden="true" />
                  </span>
                  {label}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
