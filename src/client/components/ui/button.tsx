import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@/client/lib/utils';

/**
 * Button styles. Variants: default (amber, the primary action), secondary (raised surface), outline, ghost, link,
 * destructive (deep red). Sizes: sm (32 px high), default (40 px), lg (48 px), icon (40 x 40 px square).
 */
export const buttonVariants = cva(
  'inline-flex shrink-0 select-none items-center justify-center gap-2 whitespace-nowrap rounded-lg font-medium transition-[color,background-color,border-color,box-shadow,transform] duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring active:scale-[0.98] disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*=size-])]:size-4',
  {
    variants: {
      variant: {
        default:
          'bg-accent text-accent-foreground shadow-[0_1px_0_rgb(255_255_255/0.25)_inset,0_6px_16px_-8px_rgb(230_168_79/0.6)] hover:bg-accent-hover',
        secondary: 'bg-surface-2 text-foreground border border-border hover:bg-surface-3 hover:border-border-strong',
        outline: 'border border-border-strong bg-transparent text-foreground hover:bg-surface-2 hover:border-accent/60',
        ghost: 'bg-transparent text-foreground hover:bg-surface-2',
        link: 'h-auto px-0 text-accent underline-offset-4 hover:underline active:scale-100',
        destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive-hover',
      },
      size: {
        sm: 'h-8 px-3 text-sm',
        default: 'h-10 px-4 text-sm',
        lg: 'h-12 px-6 text-base',
        icon: 'size-10',
      },
    },
    compoundVariants: [{ variant: 'link', className: 'h-auto px-0' }],
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

/** Props of {@link Button}: every `<button>` prop, the cva variant/size, and `asChild` to render the child element instead. */
export type ButtonProps = React.ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean };

/**
 * The app's button. With `asChild` it styles its only child (e.g. a router `<Link>`) through Radix Slot instead of rendering
 * a `<button>`. Defaults to `type="button"` so it never submits a form by accident.
 */
export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return (
    <Comp
      data-slot="button"
      className={cn(buttonVariants({ variant, size }), className)}
      {...(asChild ? {} : { type: type ?? 'button' })}
      {...props}
    />
  );
}
