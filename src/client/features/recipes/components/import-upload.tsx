import { FileUpIcon, LoaderCircleIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { MAX_IMPORT_BYTES, MAX_IMPORT_RECIPES } from '@/shared/schemas/recipes';

const textareaClass =
  'w-full rounded-lg border border-border-strong bg-surface-2 px-3 py-2 font-mono text-sm text-foreground outline-none placeholder:text-subtle focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-ring/70';

/** File types the picker offers (the server reads the content whatever the name says). */
const ACCEPT = '.json,.zip,.html,.htm,.csv,.txt,.md,application/json,application/zip,text/html,text/csv,text/plain';

/** '5 MB' from bytes. */
const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * The import's first step: choose a file (JSON, a .zip, HTML, CSV or text) or paste text, then Read. A file over the
 * size limit is refused here with the reason, before anything is sent. `busy` while the preview is read.
 */
export function ImportUpload({ busy, onRead }: { busy: boolean; onRead: (upload: Blob, label: string) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-5">
      <section
        aria-labelledby={`${id}-file`}
        className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-border-strong bg-surface p-5"
      >
        <h2 id={`${id}-file`} className="font-display text-lg font-semibold">
          From a file
        </h2>
        <p className="text-sm text-muted">
          Bar Assistant recipes or a datapack .zip, a recipe page saved as HTML, TheCocktailDB JSON, a JSON list of
          recipes, an IBA-style CSV or a text file. Up to {megabytes(MAX_IMPORT_BYTES)} and {MAX_IMPORT_RECIPES}{' '}
          recipes.
        </p>
        <Button variant="secondary" disabled={busy} onClick={() => input.current?.click()}>
          {busy ? <LoaderCircleIcon aria-hidden="true" className="animate-spin" /> : <FileUpIcon aria-hidden="true" />}
          Choose a file
        </Button>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          aria-label="Recipe file"
          tabIndex={-1}
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            if (file.size > MAX_IMPORT_BYTES) {
              setProblem(
                `${file.name} is larger than ${megabytes(MAX_IMPORT_BYTES)}. Split it, or export fewer recipes.`,
              );
              return;
            }
            setProblem(null);
            onRead(file, file.name);
          }}
        />
      </section>
      <form
        aria-labelledby={`${id}-paste`}
        className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim() === '') {
            setProblem('Paste a recipe first.');
            return;
          }
          setProblem(null);
          onRead(new Blob([text], { type: 'text/plain' }), 'the pasted text');
        }}
      >
        <h2 id={`${id}-paste`} className="font-display text-lg font-semibold">
          Or paste it
        </h2>
        <label htmlFor={`${id}-text`} className="text-sm text-muted">
          A recipe from anywhere: its name, then a line per ingredient, then the method. JSON and a page&apos;s HTML
          work too.
        </label>
        <textarea
          id={`${id}-text`}
          rows={8}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={textareaClass}
          placeholder={'Negroni\n1 oz gin\n1 oz Campari\n1 oz sweet vermouth\nStir, strain over ice'}
        />
        <Button type="submit" className="self-start" disabled={busy}>
          {busy ? <LoaderCircleIcon aria-hidden="true" className="animate-spin" /> : null}
          {busy ? 'Reading…' : 'Read the recipe'}
        </Button>
      </form>
      {problem ? (
        <p role="alert" className="text-sm text-danger-text">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
