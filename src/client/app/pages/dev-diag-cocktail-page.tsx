import { CopyIcon, Trash2Icon } from 'lucide-react';
import { showToast } from '@/client/lib/toast-events';
import { useState } from 'react';
import { DevPage } from '@/client/app/shell/dev-page';
import { NotFoundView } from '@/client/app/shell/not-found-view';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import {
  clearCocktailDiagnostics,
  readCocktailDiagnostics,
} from '@/client/features/catalogue/lib/cocktail-diagnostics';
import { useDebugMode } from '@/client/lib/use-debug-mode';

/** Copies `text` to the clipboard (Clipboard API, with a hidden-textarea fallback). Resolves false when both fail. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

function DiagnosticsList() {
  const [records, setRecords] = useState(readCocktailDiagnostics);
  const json = JSON.stringify(records, null, 2);

  return (
    <DevPage
      title="Cocktail diagnostics"
      description="Recipes that failed their shape check or crashed while rendering in the recipe modal, newest first."
      actions={
        <>
          <Button
            variant="secondary"
            disabled={records.length === 0}
            onClick={() =>
              void copyText(json).then((ok) =>
                showToast(
                  ok
                    ? { title: 'Diagnostics copied', variant: 'success' }
                    : { title: 'Could not copy to the clipboard', variant: 'error' },
                ),
              )
            }
          >
            <CopyIcon aria-hidden="true" />
            Copy
          </Button>
          <Button
            variant="destructive"
            disabled={records.length === 0}
            onClick={() => {
              clearCocktailDiagnostics();
              setRecords([]);
              showToast({ title: 'Diagnostics cleared' });
            }}
          >
            <Trash2Icon aria-hidden="true" />
            Clear
          </Button>
        </>
      }
    >
      {records.length === 0 ? (
        <p
          data-testid="diag-empty"
          className="rounded-xl border border-dashed border-border-strong px-4 py-12 text-center text-muted"
        >
          No cocktail failures recorded. Every recipe opened cleanly.
        </p>
      ) : (
        <ol className="space-y-4" data-testid="diag-list">
          {records.map((record, index) => (
            <li key={`${record.time}-${index}`} className="rounded-xl border border-border bg-surface p-4">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant={record.type === 'RENDER_ERROR' ? 'default' : 'accent'}>{record.type}</Badge>
                <span className="font-display text-lg font-semibold">{record.cocktailName ?? 'Unnamed cocktail'}</span>
                <span className="font-mono text-sm text-muted">id {String(record.cocktailId ?? '—')}</span>
                <time className="ml-auto font-mono text-xs text-muted" dateTime={record.time}>
                  {record.time}
                </time>
              </div>
              {record.error ? <p className="mt-2 text-sm text-danger-text">{record.error}</p> : null}
              <details className="mt-3">
                <summary className="cursor-pointer text-sm text-muted hover:text-foreground">Raw JSON</summary>
                <pre className="mt-2 max-h-80 overflow-auto rounded-lg bg-background p-3 font-mono text-xs">
                  {JSON.stringify(record, null, 2)}
                </pre>
              </details>
            </li>
          ))}
        </ol>
      )}
    </DevPage>
  );
}

/** /dev/diag-cocktail: exists only in debug mode (docs/product.md, Screens); otherwise the 404 page. */
export function DevDiagCocktailPage() {
  const debug = useDebugMode();
  return debug ? <DiagnosticsList /> : <NotFoundView />;
}
