import type * as React from 'react';
import { cn } from '@/client/lib/utils';

/**
 * A filter chip that is a real checkbox (label + input): 32 px high like the toggle chips beside it, amber when checked,
 * a focus ring from the keyboard. Space toggles it; screen readers hear a checkbox with its text as the name.
 */
export function CheckChip({
  checked,
  onCheckedChange,
  children,
  className,
  ...props
}: Omit<React.ComponentProps<'input'>, 'type' | 'checked' | 'onChange' | 'children'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  children: React.ReactNode;
}) {
  return (
    <label
      className={cn(
        'inline-flex h-8 cursor-pointer items-center gap-2 rounded-full border border-border-strong bg-surface px-3 text-xs font-medium has-[:checked]:border-accent has-[:checked]:bg-accent-soft has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
        className,
      )}
    >
      <input
        type="checkbox"
        className="size-3.5 accent-[var(--color-accent)]"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
        {...props}
      />
      {children}
    </label>
  );
}
