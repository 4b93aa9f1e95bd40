import { CompassIcon, HouseIcon, SearchIcon, type LucideIcon } from 'lucide-react';
import { paths } from '@/client/app/paths';

/** One primary destination, shown in the bottom tab bar (phones) and the top bar (desktop). */
export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Match the path exactly (for '/'). */
  end: boolean;
}

/** The destinations that exist today (spec section 2; My Bar and Profile arrive with accounts). */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Home', to: paths.home, icon: HouseIcon, end: true },
  { label: 'Discover', to: paths.discover, icon: CompassIcon, end: false },
  { label: 'Search', to: paths.search, icon: SearchIcon, end: false },
];
