import { BugIcon, Trash2Icon } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { paths } from '@/client/config/paths';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import {
  clearDiagnosticLog,
  getDiagnosticEntries,
  subscribeDiagnosticLog,
  type DiagnosticLevel,
} from '@/client/lib/diagnostic-log';
import { useAppEnvironment } from '@/client/lib/use-app-environment';
import { cn } from '@/client/lib/utils';

const LEVEL_VARIANT: Record<DiagnosticLevel, 'secondary' | 'outline' | 'accent' | 'default'> = {
  debug: 'secondary',
  info: 'outline',
  warn: 'accent',
  error: 'default',
};

/** JSON for a log entry's data: one line when short, indented otherwise. */
function formatData(data: unknown): string {
  const compact = JSON.stringify(data) ?? String(data);
  return compact.length <= 80 ? compact : JSON.stringify(data, null, 2);
}

/**
 * Debug mode only: a small floating 'Debug' button (above the tab bar on phones) that opens a panel listing the diagnostic
 * log, newest first, with links to the developer tools.
 */
export function DebugPanel() {
  const [open, setOpen] = useState(false);
  const entries = useSyncExternalStore(subscribeDiagnosticLog, getDiagnosticEntries, getDiagnosticEntries);
  const env = useAppEnvironment();
  const newestFirst = [...entries].reverse();
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setOpen(true)}
        data-testid="debug-button"
        className="fixed right-3 bottom-[calc(5rem+env(safe-area-inset-bottom,0px))] z-40 rounded-full border-accent/50 shadow-lg md:right-5 md:bottom-5"
      >
        <BugIcon aria-hidden="true" className="text-accent" />
        Debug
        {entries.length > 0 ? <span className="text-muted">({entries.length})</span> : null}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-2xl" data-testid="debug-panel">
          <DialogHeader>
            <DialogTitle>Diagnostic log</DialogTitle>
            <DialogDescription>
              Last {entries.length} of at most 100 entries · environment {env.platform}
            </DialogDescription>
          </DialogHeader>
          <nav aria-label="Developer tools" className="flex flex-wrap gap-2">
            {(
              [
                [paths.devHealth, 'Health'],
                [paths.devSelftest, 'Self-test'],
                [paths.devEchoUrl, 'Echo URL'],
                [paths.devDiagCocktail, 'Cocktail diagnostics'],
              ] as const
            ).map(([to, label]) => (
              <Button key={to} asChild variant="outline" size="sm" onClick={() => setOpen(false)}>
                <Link to={to}>{label}</Link>
              </Button>
            ))}
          </nav>
          {newestFirst.length === 0 ? (
            <p className="rounded-xl border border-dashed border-border-strong px-4 py-8 text-center text-sm text-muted">
              Nothing logged yet. Resize the window or rotate the device to see entries appear.
            </p>
          ) : (
            <ol
              className="max-h-[50dvh] space-y-2 overflow-y-auto rounded-lg pr-1"
              data-testid="debug-log"
              tabIndex={0}
              aria-label="Log entries, newest first"
            >
              {newestFirst.map((entry, index) => (
                <li
                  key={`${entry.timestamp}-${index}`}
                  className={cn(
                    'rounded-lg border border-border bg-surface-2/70 px-3 py-2 text-sm',
                    entry.level === 'error' && 'border-destructive/50',
                  )}
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant={LEVEL_VARIANT[entry.level]} className="uppercase">
                      {entry.level}
                    </Badge>
                    <span className="font-medium">{entry.message}</span>
                    <time className="ml-auto font-mono text-xs text-muted" dateTime={entry.timestamp}>
                      {entry.timestamp.slice(11, 23)}
                    </time>
                  </div>
                  <p className="mt-1 font-mono text-xs text-muted">{entry.page}</p>
                  {entry.data !== null && entry.data !== undefined ? (
                    <pre className="mt-1 overflow-x-auto font-mono text-xs whitespace-pre-wrap text-foreground/90">
                      {formatData(entry.data)}
                    </pre>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
          <div className="flex justify-end">
            <Button variant="ghost" size="sm" onClick={clearDiagnosticLog} disabled={entries.length === 0}>
              <Trash2Icon aria-hidden="true" />
              Clear log
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
