import { useId, type ReactNode } from 'react';

/** Props of {@link SettingsPanel}. */
export interface SettingsPanelProps {
  /** The panel's heading (an `<h2>`: the panel's accessible name). */
  title: string;
  /** One line under the heading. */
  description?: ReactNode;
  /** Drawn at the heading's right (a status badge). */
  aside?: ReactNode;
  /** `data-testid` of the panel. */
  testId?: string;
  children: ReactNode;
}

/**
 * One panel of the account pages (Settings, 'Secure your account'): a raised, rounded section named by its `<h2>`, with an
 * optional description and a badge beside the heading; 20 px padding (24 px from md), 16 px between its parts.
 */
export function SettingsPanel({ title, description, aside, testId, children }: SettingsPanelProps) {
  const titleId = useId();
  const heading = (
    <h2 id={titleId} className="font-display text-lg leading-tight font-semibold">
      {title}
    </h2>
  );
  return (
    <section
      aria-labelledby={titleId}
      data-testid={testId}
      className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 shadow-card md:p-6"
    >
      <div>
        {aside ? (
          <div className="flex flex-wrap items-center justify-between gap-2">
            {heading}
            {aside}
          </div>
        ) : (
          heading
        )}
        {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}
