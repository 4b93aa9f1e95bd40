import { SearchXIcon } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/utils';
import { LoadFailed } from '@/client/components/load-failed';

/** Texts of the list states (docs/product.md, Screens, home). */
export const CATALOGUE_TEXT = {
  loading: 'Loading cocktails...',
  emptyTitle: 'No cocktails found',
  emptyHint: 'Try adjusting your search terms',
  clear: 'Clear Search',
} as const;

/** 'No cocktails found' / 'Try adjusting your search terms' with a 'Clear Search' button (shown when `onClear` is given). */
export function CatalogueEmptyState({ onClear, className }: { onClear?: () => void; className?: string }) {
  return (
    <div
      className={cn(
        // Compact on phones so 'Clear Search' sits above the tab bar without scrolling.
        'flex flex-col items-center gap-2 rounded-2xl border border-dashed border-border-strong bg-surface/60 px-6 py-6 text-center sm:gap-3 sm:py-14',
        className,
      )}
    >
      <div className="flex size-11 items-center justify-center rounded-full bg-surface-2 text-accent sm:size-14">
        <SearchXIcon aria-hidden="true" className="size-6 sm:size-7" />
      </div>
      <h2 className="font-display text-xl font-semibold">{CATALOGUE_TEXT.emptyTitle}</h2>
      <p className="text-sm text-muted">{CATALOGUE_TEXT.emptyHint}</p>
      {onClear ? (
        <Button variant="secondary" onClick={onClear} className="mt-1 sm:mt-2">
          {CATALOGUE_TEXT.clear}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The quiet notice of a failed list load (docs/product.md, Error messages: the failure is otherwise ignored and the list stays empty):
 * one muted line and a small 'Retry' button.
 */
export function CatalogueLoadError({ onRetry, retrying = false }: { onRetry: () => void; retrying?: boolean }) {
  return <LoadFailed message="Cocktails could not be loaded." onRetry={onRetry} retrying={retrying} />;
}
