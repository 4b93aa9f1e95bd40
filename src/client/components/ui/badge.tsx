import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '@/client/lib/utils';

/** Badge styles. Variants: default (neutral raised), secondary (quiet), outline (border only), accent (amber tint). */
export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-medium [&_svg]:size-3',
  {
    variants: {
      variant: {
        default: 'border-border-strong bg-surface-3 text-foreground',
        secondary: 'border-transparent bg-surface-2 text-muted',
        outline: 'border-border-strong bg-transparent text-muted',
        accent: 'border-accent/40 bg-accent-soft text-accent',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

/** Props of {@link Badge}: every `<span>` prop plus `variant`. */
export type BadgeProps = React.ComponentProps<'span'> & VariantProps<typeof badgeVariants>;

/** A small pill label (base spirit, category, difficulty...). Renders a `<span>`. */
export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
