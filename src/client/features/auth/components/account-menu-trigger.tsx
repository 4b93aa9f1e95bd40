import type { ComponentProps, Ref } from 'react';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/utils';

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
