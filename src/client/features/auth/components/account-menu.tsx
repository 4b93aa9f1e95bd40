import { lazy, Suspense } from 'react';
import { useLazyMenu } from '@/client/lib/use-lazy-menu';
import { cn } from '@/client/lib/utils';
import { AccountMenuTrigger, AVATAR_SIZE_CLASS } from './account-menu-trigger';

const loadDropdown = () => import('./account-menu-dropdown');
const AccountMenuDropdown = lazy(() => loadDropdown().then((module) => ({ default: module.AccountMenuDropdown })));

/**
 * The signed-in user's avatar menu (docs/product.md, Screens): the initial of the email; opened, it shows 'Signed in
 * as' and the email, Settings, Data Deletion, Privacy Policy, Terms of Service and Sign out. It replaces the Legal menu
 * for signed-in users. Like the Legal menu it draws only its trigger until first use and loads the Radix menu on
 * hover/focus, opening it on press or Enter / Space / arrow keys, so no page load carries the menu's code.
 */
export function AccountMenu({ email }: { email: string }) {
  const { activated, triggerProps } = useLazyMenu(loadDropdown);
  if (activated) {
    return (
      <Suspense
        fallback={<AccountMenuTrigger email={email} aria-haspopup="menu" aria-expanded="false" aria-busy="true" />}
      >
        <AccountMenuDropdown email={email} defaultOpen />
      </Suspense>
    );
  }
  return <AccountMenuTrigger email={email} {...triggerProps} />;
}

/**
 * The avatar-sized placeholder drawn while the session loads (docs/product.md, Screens: an avatar placeholder while
 * auth loads).
 */
export function AvatarPlaceholder() {
  return (
    <span className="flex size-10 items-center justify-center" data-testid="avatar-placeholder" aria-hidden="true">
      <span className={cn(AVATAR_SIZE_CLASS, 'animate-skeleton-pulse rounded-full bg-surface-3 ring-2 ring-border')} />
    </span>
  );
}
