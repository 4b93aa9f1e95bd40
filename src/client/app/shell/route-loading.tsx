import { Spinner } from '@/client/components/ui/spinner';

/** Shown while a lazy page's code loads: a quiet, centred spinner (no text, so nothing jumps when the page arrives). */
export function RouteLoading() {
  return (
    <div className="flex min-h-[40dvh] items-center justify-center" data-testid="route-loading">
      <Spinner className="size-6" label="Loading page" />
    </div>
  );
}
