import { cva, type VariantProps } from 'class-variance-authority';
import { ToggleGroup as ToggleGroupPrimitive } from 'radix-ui';
import * as React from 'react';
import { cn } from '@/client/lib/utils';

/**
 * Toggle item styles. Variants: default (segmented control on a raised track), outline (separate bordered chips).
 * Sizes: sm (32 px), default (36 px), lg (44 px). The pressed item turns amber.
 */
export const toggleVariants = cva(
  'inline-flex items-center justify-center gap-1.5 whitespace-nowrap rounded-md font-medium text-muted transition-[color,background-color,border-color,box-shadow] outline-none hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 data-[state=on]:bg-accent data-[state=on]:text-accent-foreground [&_svg]:shrink-0 [&_svg:not([class*=size-])]:size-4',
  {
    variants: {
      variant: {
        default: 'bg-transparent',
        outline:
          'rounded-full border border-border-strong bg-surface hover:border-accent/60 data-[state=on]:border-accent',
      },
      size: {
        sm: 'h-8 px-2.5 text-xs',
        default: 'h-9 px-3 text-sm',
        lg: 'h-11 px-4 text-base',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

type ToggleVariants = VariantProps<typeof toggleVariants>;
const ToggleGroupContext = React.createContext<ToggleVariants>({ variant: 'default', size: 'default' });

/**
 * A set of two-state buttons (Radix ToggleGroup): `type="single"` (like radio buttons, e.g. ml/oz) or `type="multiple"`
 * (filter chips). Arrow keys move between items. Give it an `aria-label`.
 */
export function ToggleGroup({
  className,
  variant,
  size,
  children,
  ...props
}: React.ComponentProps<typeof ToggleGroupPrimitive.Root> & ToggleVariants) {
  return (
    <ToggleGroupPrimitive.Root
      data-slot="toggle-group"
      data-variant={variant}
      className={cn(
        'inline-flex w-fit items-center',
        variant === 'outline' ? 'flex-wrap gap-2' : 'gap-0.5 rounded-lg border border-border bg-surface-2 p-0.5',
        className,
      )}
      {...props}
    >
      <ToggleGroupContext.Provider value={{ variant, size }}>{children}</ToggleGroupContext.Provider>
    </ToggleGroupPrimitive.Root>
  );
}

/** One option of a ToggleGroup; inherits the group's variant and size unless given its own. */
export function ToggleGroupItem({
  className,
  variant,
  size,
  ...props
}: React.ComponentProps<typeof ToggleGroupPrimitive.Item> & ToggleVariants) {
  const context = React.useContext(ToggleGroupContext);
  return (
    <ToggleGroupPrimitive.Item
      data-slot="toggle-group-item"
      className={cn(toggleVariants({ variant: variant ?? context.variant, size: size ?? context.size }), className)}
      {...props}
    />
  );
}
