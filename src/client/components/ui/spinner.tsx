import { LoaderCircleIcon } from 'lucide-react';
import type * as React from 'react';
import { cn } from '@/client/lib/utils';

/** Props of {@link Spinner}: svg props plus `label`, the accessible text (default "Loading"). */
export type SpinnerProps = React.ComponentProps<'svg'> & { label?: string };

/** A spinning ring (16 px by default; size it with `size-*`). Announced as role="status" with `label`. */
export function Spinner({ className, label = 'Loading', ...props }: SpinnerProps) {
  return (
    <LoaderCircleIcon
      role="status"
      aria-label={label}
      data-slot="spinner"
      className={cn('size-4 animate-spin text-accent', className)}
      {...props}
    />
  );
}
