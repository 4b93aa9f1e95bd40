import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/client/config/paths';
import { useDocumentTitle } from '@/client/lib/use-document-title';
import { cn } from '@/client/lib/utils';
import { PageHeader } from './page-header';

const DEV_LINKS = [
  { to: paths.devHealth, label: 'Health' },
  { to: paths.devSelftest, label: 'Self-test' },
  { to: paths.devEchoUrl, label: 'Echo URL' },
  { to: paths.devAuthHealth, label: 'Auth health' },
  { to: paths.devMailbox, label: 'Mailbox' },
] as const;

/** Props of {@link DevPage}. */
export interface DevPageProps {
  title: string;
  description: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}

/** Frame of the developer tool pages: "Developer tools" eyebrow, title, a small switcher between tools, content. */
export function DevPage({ title, description, actions, children }: DevPageProps) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader eyebrow="Developer tools" title={title} description={description} actions={actions} />
      <nav aria-label="Developer tools" className="-mt-2 mb-6 flex flex-wrap gap-2 md:-mt-4">
        {DEV_LINKS.map((link) => (
          <Link
            key={link.to}
            to={link.to}
            className={cn(
              'rounded-full border border-border px-3 py-1 text-sm text-muted transition-colors hover:border-border-strong hover:text-foreground',
            )}
          >
            {link.label}
          </Link>
        ))}
      </nav>
      {children}
    </div>
  );
}

/** A definition row for key/value panels. */
export function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 py-2.5 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 text-right font-mono break-all text-foreground">{children}</dd>
    </div>
  );
}
