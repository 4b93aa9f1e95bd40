import { TriangleAlertIcon } from 'lucide-react';
import type { ErrorInfo, ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { logDiagnostic } from '@/client/lib/diagnostic-log';
import { cn } from '@/client/lib/utils';

/** Props of {@link SectionBoundary}. */
export interface SectionBoundaryProps {
  /** Shown in the failure message: Section "{name}" failed. See console. */
  name: string;
  children: ReactNode;
  className?: string;
}

/** The failure text for a section (docs/product.md, Error messages: a section fails). */
export function sectionFailureMessage(name: string): string {
  return `Section "${name}" failed. See console.`;
}

/**
 * Contains a render error to one part of a page (react-error-boundary): when `children` throw, shows 'Section "{name}"
 * failed. See console.' in its place, logs the error to the console and the diagnostic log, and leaves the rest of the
 * page working.
 */
export function SectionBoundary({ name, children, className }: SectionBoundaryProps) {
  return (
    <ErrorBoundary
      onError={(error: unknown, info: ErrorInfo) => {
        console.error(`Section "${name}" failed`, error, info.componentStack);
        logDiagnostic('error', `Section "${name}" failed`, {
          message: error instanceof Error ? error.message : String(error),
        });
      }}
      fallback={
        <div
          role="alert"
          data-testid="section-error"
          className={cn(
            'flex items-center gap-3 rounded-xl border border-destructive/50 bg-destructive-soft px-4 py-3 text-sm text-danger-text',
            className,
          )}
        >
          <TriangleAlertIcon className="size-4 shrink-0" aria-hidden="true" />
          <span>{sectionFailureMessage(name)}</span>
        </div>
      }
    >
      {children}
    </ErrorBoundary>
  );
}
