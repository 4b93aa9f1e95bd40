import type { ReactNode } from 'react';
import { cn } from '@/client/lib/utils';

/** The look of a sign-in page state: a neutral or busy one, a success or an error. */
export type AuthStatusTone = 'busy' | 'success' | 'error' | 'neutral';

/** Props of {@link AuthStatusView}. */
export interface AuthStatusViewProps {
  tone: AuthStatusTone;
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  /** Buttons under the text. */
  actions?: ReactNode;
  'data-testid'?: string;
}

const RING: Record<AuthStatusTone, string> = {
  busy: 'bg-surface-2 text-accent ring-border-strong',
  neutral: 'bg-surface-2 text-accent ring-border-strong',
  success: 'bg-success/15 text-success ring-success/40',
  error: 'bg-destructive-soft text-danger-text ring-destructive/50',
};

/**
 * A centred card for the sign-in pages (/auth, /auth/google, /auth/facebook, /auth/callback): an icon in a tinted ring, the
 * state's title as the page's h1, its message and actions. Errors are announced (role="alert"), other states politely
 * (role="status").
 */
export function AuthStatusView({ tone, icon, title, children, actions, ...rest }: AuthStatusViewProps) {
  return (
    <section
      role={tone === 'error' ? 'alert' : 'status'}
      aria-live={tone === 'error' ? 'assertive' : 'polite'}
      data-testid={rest['data-testid']}
      data-tone={tone}
      className="mx-auto flex w-full max-w-md flex-col items-center rounded-3xl border border-border bg-[radial-gradient(ellipse_at_50%_0%,rgb(230_168_79/0.12),transparent_60%),var(--color-surface)] px-6 py-10 text-center shadow-card md:mt-8 md:px-10 md:py-12"
    >
      <span className={cn('mb-5 flex size-14 items-center justify-center rounded-full ring-1', RING[tone])}>
        {icon}
      </span>
      <h1 className="font-display text-2xl font-semibold tracking-[-0.01em] md:text-3xl">{title}</h1>
      {children ? <div className="mt-3 text-sm text-muted md:text-base">{children}</div> : null}
      {actions ? <div className="mt-7 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">{actions}</div> : null}
    </section>
  );
}
