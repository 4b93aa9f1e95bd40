import type * as React from 'react';
import { cn } from '@/client/lib/utils';

/**
 * A loading placeholder with a soft shimmer. Size it exactly like the content it stands for so nothing shifts when the
 * content arrives. Hidden from assistive technology (announce loading elsewhere, e.g. with role="status").
 */
export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn(
        'animate-shimmer rounded-md bg-[linear-gradient(90deg,var(--color-surface-2)_0%,var(--color-surface-3)_50%,var(--color-surface-2)_100%)] bg-[length:200%_100%]',
        className,
      )}
      {...props}
    />
  );
}
