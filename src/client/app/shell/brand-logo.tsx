import { cn } from '@/client/lib/utils';
import { BrandMark } from './brand-mark';

/** The mark plus the "Barback" wordmark in Fraunces. */
export function BrandLogo({
  className,
  compact = false,
  wordmarkClassName,
}: {
  className?: string;
  compact?: boolean;
  /** Classes for the word 'Barback' (e.g. to keep it for screen readers only on narrow screens). */
  wordmarkClassName?: string;
}) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-foreground', className)}>
      <BrandMark className={compact ? 'size-7' : 'size-8'} />
      <span
        className={cn(
          'font-display font-semibold tracking-[-0.02em]',
          compact ? 'text-lg' : 'text-xl',
          wordmarkClassName,
        )}
      >
        Barback
      </span>
    </span>
  );
}
