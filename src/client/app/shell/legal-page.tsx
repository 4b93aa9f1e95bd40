import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/client/lib/use-document-title';
import { PageHeader } from './page-header';

/** One section of a legal page: `id` is the anchor the table of contents links to. */
export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** Props of {@link LegalPage}. `updated` is shown as "Last updated …". */
export interface LegalPageProps {
  title: string;
  intro: ReactNode;
  updated: string;
  sections: readonly LegalSection[];
}

/**
 * Layout for long-form legal text: title, intro, a table of contents (sticky sidebar on desktop, a card on phones) and
 * numbered sections with anchors. Sets document.title to the page title.
 */
export function LegalPage({ title, intro, updated, sections }: LegalPageProps) {
  useDocumentTitle(title);
  return (
    <article className="mx-auto max-w-5xl">
      <PageHeader eyebrow="Legal" title={title} description={intro} />
      <p className="-mt-4 mb-8 text-sm text-muted md:-mt-6">Last updated {updated}</p>
      <div className="grid gap-8 lg:grid-cols-[15rem_1fr] lg:gap-12">
        <nav aria-labelledby="toc-heading" className="lg:sticky lg:top-24 lg:self-start">
          <div className="rounded-xl border border-border bg-surface p-4">
            <h2 id="toc-heading" className="text-xs font-semibold tracking-[0.16em] text-muted uppercase">
              Contents
            </h2>
            <ol className="mt-3 space-y-1 text-sm">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="flex gap-2 rounded-md px-2 py-1.5 text-muted transition-colors hover:bg-surface-2 hover:text-foreground"
                  >
                    <span className="w-5 shrink-0 text-right font-mono text-xs leading-5 text-accent">
                      {index + 1}.
                    </span>
                    <span>{section.title}</span>
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <div className="prose-bar min-w-0 max-w-[68ch]">
          {sections.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id}>
              <h2 id={section.id} className={index === 0 ? '!mt-0' : undefined}>
                <span className="mr-2 text-accent">{index + 1}.</span>
                {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
