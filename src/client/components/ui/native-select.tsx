import { ChevronDownIcon } from 'lucide-react';
import type * as React from 'react';
import { cn } from '@/client/lib/utils';

/**
 * A native `<select>` styled like {@link Input} (40 px, amber focus ring, a chevron): the platform's own picker on phones,
 * full keyboard use everywhere. `size="sm"` makes it a 32 px pill that sits in a row of filter chips. Label it with a `<label htmlFor>` or `aria-label`.
 */
export function NativeSelect({
  className,
  children,
  size = 'default',
  ...props
}: Omit<React.ComponentProps<'select'>, 'size'> & { size?: 'default' | 'sm' }) {
  return (
    <div className={cn('relative', className)}>
      <select
        data-slot="native-select"
        data-size={size}
        className="h-10 w-full data-[size=sm]:h-8 data-[size=sm]:rounded-full data-[size=sm]:py-1 data-[size=sm]:text-xs data-[size=sm]:font-medium md:data-[size=sm]:text-xs min-w-0 appearance-none rounded-lg border border-border-strong bg-surface-2 py-2 pr-8 pl-3 text-base text-foreground outline-none focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/70 disabled:opacity-50 aria-invalid:border-destructive md:text-sm"
        {...props}
      >
        {children}
      </select>
      <ChevronDownIcon
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted"
        aria-hidden="true"
      />
    </div>
  );
}
