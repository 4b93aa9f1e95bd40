import { RotateCcwIcon, UnplugIcon } from 'lucide-react';
import { Button } from '@/client/components/ui/button';

/** Exact texts of a lazy page or modal load failure (docs/product.md, Error messages). */
export const LOAD_FAILURE_TEXT = { title: 'Something went wrong', body: 'Please try again.', retry: 'Retry' } as const;

/**
 * Shown when a lazily loaded page (or modal) fails to load: 'Something went wrong' / 'Please try again.' and a Retry
 * button that calls `onRetry`.
 */
export function LoadFailure({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" data-testid="load-failure" className="flex flex-col items-center px-4 py-16 text-center">
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-surface-2 text-accent ring-1 ring-border-strong">
        <UnplugIcon className="size-6" aria-hidden="true" />
      </div>
      <h1 className="font-display text-2xl font-semibold">{LOAD_FAILURE_TEXT.title}</h1>
      <p className="mt-2 text-muted">{LOAD_FAILURE_TEXT.body}</p>
      <Button className="mt-6" onClick={onRetry}>
        <RotateCcwIcon aria-hidden="true" />
        {LOAD_FAILURE_TEXT.retry}
      </Button>
    </div>
  );
}
