import { LogOutIcon, SettingsIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '@/client/config/paths';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/client/components/ui/dropdown-menu';
import { ACCOUNT_MENU_LEGAL_LINKS } from '@/client/lib/legal-links';
import { signOut } from '../lib/sign-out';
import { SIGN_IN_TEXT } from '../lib/sign-in-text';
import { AccountMenuTrigger } from './account-menu-trigger';

/**
 * The avatar menu itself (Radix DropdownMenu), loaded on demand by {@link AccountMenu}.
 * @param defaultOpen open at mount: the person pressed the placeholder trigger.
 */
export function AccountMenuDropdown({ email, defaultOpen = false }: { email: string; defaultOpen?: boolean }) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (defaultOpen) triggerRef.current?.focus({ preventScroll: true });
  }, [defaultOpen]);
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <AccountMenuTrigger ref={triggerRef} email={email} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64" data-testid="account-menu">
        <DropdownMenuLabel className="flex flex-col gap-1 normal-case tracking-normal">
          <span className="text-xs font-medium text-muted">{SIGN_IN_TEXT.signedInAs}</span>
          <span className="truncate text-sm font-semibold text-foreground" title={email}>
            {email}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={paths.settings}>
            <SettingsIcon aria-hidden="true" />
            Settings
          </Link>
        </DropdownMenuItem>
        {ACCOUNT_MENU_LEGAL_LINKS.map(({ to, label, icon: Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOutIcon aria-hidden="true" />
          {SIGN_IN_TEXT.signOut}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
