import { TriangleAlertIcon } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logDiagnostic } from '@/client/lib/diagnostic-log';
import { cn } from '@/client/lib/utils';

/** Props of {@link SectionBoundary}. */
export interface SectionBoundaryProps {
  /** Shown in the failure message: Section "{name}" failed. See console. */
  name: string;
  children: ReactNode;
  className?: string;
}

interface SectionBoundaryState {
  error: Error | null;
}

/** The failure text for a section (spec section 8 "Section failure"). */
export function sectionFailureMessage(name: string): string {
  return `Section "${name}" failed. See console.`;
}

/**
 * Contains a render error to one part of a page: when `children` throw, shows 'Section "{name}" failed. See console.' in
 * its place, logs the error to the console and the diagnostic log, and leaves the rest of the page working.
 */
export class SectionBoundary extends Component<SectionBoundaryProps, SectionBoundaryState> {
  override state: SectionBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): SectionBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Section "${this.props.name}" failed`, error, info.componentStack);
    logDiagnostic('error', `Section "${this.props.name}" failed`, { message: error.message });
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <div
        role="alert"
        data-testid="section-error"
        className={cn(
          'flex items-center gap-3 rounded-xl border border-destructive/50 bg-destructive-soft px-4 py-3 text-sm text-danger-text',
          this.props.className,
        )}
      >
        <TriangleAlertIcon className="size-4 shrink-0" aria-hidden="true" />
        <span>{sectionFailureMessage(this.props.name)}</span>
      </div>
    );
  }
}
