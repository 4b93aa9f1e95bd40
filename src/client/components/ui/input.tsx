import { useCallback, useRef, type ComponentProps } from 'react';
import { useKeepTypedText } from '@/client/lib/use-keep-typed-text';
import { cn } from '@/client/lib/utils';

/**
 * A single-line text field, 40 px high, 16 px text on phones (prevents iOS zoom on focus), amber focus ring. Text typed
 * into its pre-rendered HTML before the page hydrated is kept (useKeepTypedText).
 */
export function Input({ className, type = 'text', ref, ...props }: ComponentProps<'input'>) {
  const own = useRef<HTMLInputElement | null>(null);
  useKeepTypedText(own, props.value);
  const setRef = useCallback(
    (node: HTMLInputElement | null) => {
      own.current = node;
      if (typeof ref === 'function') return ref(node);
      if (ref) ref.current = node;
      return undefined;
    },
    [ref],
  );
  return (
    <input
      ref={setRef}
      type={type}
      data-slot="input"
      className={cn(
        'flex h-10 w-full min-w-0 rounded-lg border border-border-strong bg-surface-2 px-3 py-2 text-base text-foreground shadow-[inset_0_1px_2px_rgb(0_0_0/0.3)] transition-[border-color,box-shadow] outline-none placeholder:text-subtle file:border-0 file:bg-transparent file:text-sm file:font-medium focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/70 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm',
        className,
      )}
      {...props}
    />
  );
}
