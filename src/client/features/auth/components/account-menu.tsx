import { lazy, Suspense, type ComponentProps, type Ref } from 'react';
import { Button } from '@/client/components/ui/button';
import { useLazyMenu } from '@/client/lib/use-lazy-menu';
import { cn } from '@/client/lib/utils';

const loadDropdown = () => import('./account-menu-dropdown');
const AccountMenuDropdown = lazy(() => loadDropdown().then((module) => ({ default: module.AccountMenuDropdown })));

/** The initial shown in the avatar: the first letter or digit of the email, upper case ('?' when there is none). */
export function emailInitial(email: string): string {
  const match = /[\p{L}\p{N}]/u.exec(email);
  return match ? match[0].toLocaleUpperCase() : '?';
}

/** Size of the avatar trigger and of its loading placeholder (36 px), so neither moves the bar. */
export const AVATAR_SIZE_CLASS = 'size-9';

/**
 * The avatar button: a round amber-ringed badge with the email's initial. Its accessible name is 'Account menu'. Used as
 * the placeholder and as the real Radix trigger.
 */
export function AccountMenuTrigger({
  email,
  ref,
  className,
  ...props
}: ComponentProps<typeof Button> & { email: string; ref?: Ref<HTMLButtonElement> }) {
  return (
    <Button
      ref={ref}
      variant="ghost"
      size="icon"
      aria-label="Account menu"
      data-testid="account-menu-trigger"
      className={cn('rounded-full p-0 hover:bg-transparent', className)}
      {...props}
    >
      <span
        aria-hidden="true"
        className={cn(
          AVATAR_SIZE_CLASS,
          'flex items-center justify-center rounded-full bg-[linear-gradient(145deg,#f0b964,#c98d3c)] font-display text-base font-semibold text-accent-foreground ring-2 ring-accent/25 transition-shadow hover:ring-accent/60',
        )}
      >
        {emailInitial(email)}
      </span>
    </Button>
  );
}

/**
 * The signed-in user's avatar menu (spec section 2): the initial of the email; opened, it shows 'Signed in as' and the
 * email, Settings, Data Deletion, Privacy Policy, Terms of Service and Sign out. It replaces the Legal menu for signed-in
 * users. Like the Legal menu it draws only its trigger until first use and loads the Radix menu on hover/focus, opening it
 * on press or Enter / Space / arrow keys, so no page load carries the menu's code.
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

/** The avatar-sized placeholder drawn while the session loads (spec section 2: an avatar placeholder while auth loads). */
export function AvatarPlaceholder() {
  return (
    <span className="flex size-10 items-center justify-center" data-testid="avatar-placeholder" aria-hidden="true">
      <span className={cn(AVATAR_SIZE_CLASS, 'animate-skeleton-pulse rounded-full bg-surface-3 ring-2 ring-border')} />
    </span>
  );
}
