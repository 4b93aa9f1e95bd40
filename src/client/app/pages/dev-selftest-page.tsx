import { CircleCheckIcon, CircleXIcon, PlayIcon } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { DevPage } from '@/client/app/shell/dev-page';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { runSelfCheck, SELF_CHECKS, type SelfCheckResult } from '@/client/app/shell/self-checks';
import { cn } from '@/client/lib/utils';

/** /dev/selftest: runs the client's self checks on open (and again on demand) and shows pass/fail per check. */
export function DevSelftestPage() {
  const [results, setResults] = useState<Record<string, SelfCheckResult>>({});
  const [running, setRunning] = useState(false);

  const runAll = useCallback(async () => {
    setRunning(true);
    setResults({});
    await Promise.all(
      SELF_CHECKS.map(async (check) => {
        const result = await runSelfCheck(check);
        setResults((previous) => ({ ...previous, [check.id]: result }));
      }),
    );
    setRunning(false);
  }, []);

  useEffect(() => {
    void runAll();
  }, [runAll]);

  const done = Object.values(results);
  const passed = done.filter((result) => result.ok).length;
  const failed = done.length - passed;
  const finished = !running && done.length === SELF_CHECKS.length;

  return (
    <DevPage
      title="Self-test"
      description="Quick checks that storage, the API, the shared maths and the local flags work in this browser."
      actions={
        <Button onClick={() => void runAll()} disabled={running}>
          <PlayIcon aria-hidden="true" />
          {running ? 'Running…' : 'Run again'}
        </Button>
      }
    >
      <div
        role="status"
        data-testid="selftest-summary"
        className={cn(
          'mb-6 flex min-h-16 items-center gap-3 rounded-xl border px-5 py-3',
          !finished && 'border-border bg-surface text-muted',
          finished && failed === 0 && 'border-success/40 bg-success/10',
          finished && failed > 0 && 'border-destructive/50 bg-destructive-soft',
        )}
      >
        {finished ? (
          <>
            {failed === 0 ? (
              <CircleCheckIcon className="size-6 text-success" aria-hidden="true" />
            ) : (
              <CircleXIcon className="size-6 text-danger-text" aria-hidden="true" />
            )}
            <span className="font-semibold">
              {passed} of {SELF_CHECKS.length} checks passed
              {failed > 0 ? `, ${failed} failed` : ''}
            </span>
          </>
        ) : (
          <span>
            Running checks… {done.length} of {SELF_CHECKS.length} done
          </span>
        )}
      </div>

      <ol className="space-y-2" data-testid="selftest-results">
        {SELF_CHECKS.map((check) => {
          const result = results[check.id];
          return (
            <li
              key={check.id}
              data-testid={`check-${check.id}`}
              data-state={result ? (result.ok ? 'pass' : 'fail') : 'pending'}
              className="flex min-h-[4.5rem] items-start gap-3 rounded-xl border border-border bg-surface px-4 py-3"
            >
              <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center">
                {result ? (
                  result.ok ? (
                    <CircleCheckIcon className="size-5 text-success" aria-hidden="true" />
                  ) : (
                    <CircleXIcon className="size-5 text-danger-text" aria-hidden="true" />
                  )
                ) : (
                  <Skeleton className="size-5 rounded-full" />
                )}
              </span>
              <div className="min-w-0 flex-1">
                <div className="flex items-center gap-2">
                  <p className="font-medium">{check.label}</p>
                  <span
                    className={cn(
                      'ml-auto shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold uppercase',
                      !result && 'text-muted',
                      result?.ok && 'bg-success/15 text-success',
                      result && !result.ok && 'bg-destructive-soft text-danger-text',
                    )}
                  >
                    {result ? (result.ok ? 'pass' : 'fail') : 'running'}
                  </span>
                </div>
                {result ? (
                  <p className={cn('mt-1 text-sm break-words', result.ok ? 'text-muted' : 'text-danger-text')}>
                    {result.detail} <span className="text-subtle">· {result.durationMs} ms</span>
                  </p>
                ) : (
                  <Skeleton className="mt-2 h-4 w-2/3" />
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </DevPage>
  );
}
