import type { ReactNode } from 'react';
import { cn } from '@/client/lib/utils';

/** Props of {@link PageHeader}. */
export interface PageHeaderProps {
  /** Small amber label above the title. */
  eyebrow?: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
}

/** The heading block of a page: optional eyebrow, the page title (h1, Fraunces), a muted description and actions. */
export function PageHeader({ eyebrow, title, description, actions, className }: PageHeaderProps) {
  return (
    <header className={cn('mb-6 flex flex-col gap-4 md:mb-10 md:flex-row md:items-end md:justify-between', className)}>
      <div className="max-w-2xl">
        {eyebrow ? <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">{eyebrow}</p> : null}
        <h1 className="mt-1 font-display text-3xl font-semibold tracking-[-0.02em] md:text-4xl">{title}</h1>
        {description ? <p className="mt-3 text-base text-muted md:text-lg">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </header>
  );
}
