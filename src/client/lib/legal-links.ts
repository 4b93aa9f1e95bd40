import { FileTextIcon, ShieldIcon, UserXIcon, type LucideIcon } from 'lucide-react';
import { paths } from '@/client/config/paths';

/** One legal page's link in a menu or the footer: where it goes, its text and its icon. */
export interface LegalLink {
  to: string;
  label: string;
  icon: LucideIcon;
}

/**
 * The legal pages' links, in the signed-out Legal menu's order (docs/product.md, Screens): the Legal dropdown, the
 * signed-in account menu and the desktop footer all map over this one list.
 */
export const LEGAL_LINKS: readonly LegalLink[] = [
  { to: paths.privacy, label: 'Privacy Policy', icon: ShieldIcon },
  { to: paths.terms, label: 'Terms of Service', icon: FileTextIcon },
  { to: paths.deleteAccount, label: 'Data Deletion', icon: UserXIcon },
];

/**
 * The same links in the account menu's order (docs/product.md, Screens: Settings, Data Deletion, Privacy Policy, Terms
 * of Service): Data Deletion, an action on the account, comes first.
 */
export const ACCOUNT_MENU_LEGAL_LINKS: readonly LegalLink[] = [
  ...LEGAL_LINKS.filter((link) => link.to === paths.deleteAccount),
  ...LEGAL_LINKS.filter((link) => link.to !== paths.deleteAccount),
];
