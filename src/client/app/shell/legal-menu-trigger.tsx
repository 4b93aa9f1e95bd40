import { ChevronDownIcon, EllipsisVerticalIcon } from 'lucide-react';
import type { ComponentProps, Ref } from 'react';
import { Button } from '@/client/components/ui/button';

/**
 * The Legal menu's trigger button: an icon below 768 px and the word "Legal" from 768 px; `compact` keeps the icon at every
 * width. Its accessible name is "Legal" either way. Used both as the placeholder and as the real Radix trigger.
 */
export function LegalMenuTrigger({
  compact = false,
  ref,
  ...props
}: ComponentProps<typeof Button> & { compact?: boolean; ref?: Ref<HTMLButtonElement> }) {
  if (compact) {
    return (
      <Button ref={ref} variant="ghost" size="icon" aria-label="Legal" data-testid="legal-menu-trigger" {...props}>
        <EllipsisVerticalIcon className="size-5" aria-hidden="true" />
      </Button>
    );
  }
  return (
    <Button
      ref={ref}
      variant="ghost"
      data-testid="legal-menu-trigger"
      className="size-10 px-0 text-muted hover:text-foreground md:w-auto md:px-3"
      {...props}
    >
      <EllipsisVerticalIcon className="size-5 md:hidden" aria-hidden="true" />
      <span className="sr-only md:not-sr-only">Legal</span>
      <ChevronDownIcon className="hidden md:block" aria-hidden="true" />
    </Button>
  );
}
