import type * as React from 'react';
import { cn } from '@/client/lib/utils';

/**
 * A loading placeholder that pulses softly (an opacity animation, which the compositor runs off the main thread). Size
 * it exactly like the content it stands for so nothing shifts when the content arrives. Hidden from assistive
 * technology (announce loading elsewhere, e.g. with role="status").
 */
export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-skeleton-pulse rounded-md bg-surface-3', className)}
      {...props}
    />
  );
}
