import { Slot } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@/client/lib/utils';

/** A raised, rounded-xl surface with a subtle border. Compose with CardHeader/CardTitle/CardDescription/CardContent/CardFooter. */
export function Card({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="card"
      className={cn('flex flex-col rounded-xl border border-border bg-surface text-foreground shadow-card', className)}
      {...props}
    />
  );
}

/** Top area of a card: title and description stacked, 20 px padding. */
export function CardHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-header" className={cn('flex flex-col gap-1.5 p-5 pb-0', className)} {...props} />;
}

/**
 * Card title in the display face (Fraunces). Renders an `<h3>`; with `asChild` it styles its only child instead
 * (e.g. `<CardTitle asChild><h2>…</h2></CardTitle>` for another heading level).
 */
export function CardTitle({
  className,
  asChild = false,
  ...props
}: React.ComponentProps<'h3'> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : 'h3';
  return (
    <Comp
      data-slot="card-title"
      className={cn('font-display text-lg font-semibold leading-tight tracking-[-0.01em]', className)}
      {...props}
    />
  );
}

/** Secondary text under a card title, muted colour (>= 4.5:1 on the card surface). */
export function CardDescription({ className, ...props }: React.ComponentProps<'p'>) {
  return <p data-slot="card-description" className={cn('text-sm text-muted', className)} {...props} />;
}

/** Main body of a card, 20 px padding. */
export function CardContent({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-content" className={cn('p-5', className)} {...props} />;
}

/** Bottom row of a card (actions), laid out horizontally. */
export function CardFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-footer" className={cn('flex items-center gap-2 p-5 pt-0', className)} {...props} />;
}
