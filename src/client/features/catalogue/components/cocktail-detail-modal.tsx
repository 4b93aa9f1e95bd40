import { CopyIcon, TriangleAlertIcon } from 'lucide-react';
import { showToast } from '@/client/lib/toast-events';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  type DialogContentProps,
} from '@/client/components/ui/dialog';
import { useDeferredFirstAnswer } from '@/client/lib/use-deferred-first-answer';
import { useCocktail } from '../api/get-cocktail';
import { useCocktailContract } from '../lib/cocktail-contract';
import { useIsServerCheckedRecipe } from '../lib/server-recipe';
import { identifyCocktail, recordCocktailDiagnostic, type CocktailDiagnostic } from '../diagnostics';
import { CocktailRecipe, CocktailRecipeSkeleton, RECIPE_PANEL_CLASS } from './cocktail-recipe';
import { CatalogueErrorBoundary } from './error-boundary';
import { LOAD_FAILURE_TEXT } from '../lib/load-failure-text';
import { LoadFailureView, type ContentProps } from './cocktail-load-failure';

/**
 * The cocktail detail modal (docs/product.md: Screens, States, Validation, Error messages). It loads one cocktail and shows one of:
 * - the recipe, when the data passes the shape check of docs/product.md (`cocktailModalShapeSchema`, loaded with the first detail
 *   fetched: see lib/cocktail-contract.ts);
 * - 'This cocktail failed validation', when it does not;
 * - 'Modal Render Error', when drawing the recipe throws;
 * - 'Something went wrong' / 'Please try again.' with Retry when loading fails, 'Recipe not found' for a 404, and 'This
 *   recipe needs the network' offline when the device keeps no copy (cocktail-load-failure.tsx).
 * Both failure views keep a diagnostic record (localStorage 'bb:cocktail-diagnostics'), show the raw JSON and offer
 * 'Copy diagnostics' and 'Close'. Radix Dialog traps focus and closes on Escape.
 */

/** Texts of the modal's failure views (docs/product.md: States, Validation, Error messages). */
export const MODAL_TEXT = {
  validationTitle: 'This cocktail failed validation',
  validationBody: "The cocktail data doesn't match the expected format. Check the console for details.",
  renderTitle: 'Modal Render Error',
  renderBody: 'Modal render error. See console for details.',
  ...LOAD_FAILURE_TEXT,
  loading: 'Loading recipe…',
} as const;

/**
 * Keeps focus on the panel itself when a recipe opens (Radix then focuses the content element), instead of on its first
 * control: the recipe starts at its title, and on a phone the sheet does not scroll down to the unit toggle.
 */
function focusPanel(event: Event): void {
  event.preventDefault();
  if (event.currentTarget instanceof HTMLElement) event.currentTarget.focus({ preventScroll: true });
}

/**
 * {@link focusPanel} in the next task, for the modal the server drew: it is hydrated with the page, and the focus move
 * (a style and layout of the page, and the focus events) would otherwise add to the hydration's own task (Total
 * Blocking Time). Radix's focus trap is already on; focus still lands on the panel unless it has moved into it.
 */
function focusPanelSoon(event: Event): void {
  event.preventDefault();
  const panel = event.currentTarget;
  if (!(panel instanceof HTMLElement)) return;
  setTimeout(() => {
    if (panel.isConnected && !panel.contains(document.activeElement)) panel.focus({ preventScroll: true });
  }, 0);
}

function toJson(value: unknown): string {
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

async function copyDiagnostics(record: CocktailDiagnostic, data: unknown): Promise<void> {
  const text = toJson({ ...record, data });
  try {
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(text);
    showToast({ title: 'Diagnostics copied', description: 'Paste them into a bug report.', variant: 'success' });
  } catch {
    showToast({
      title: 'Could not copy diagnostics',
      description: 'Select the raw data below and copy it by hand.',
      variant: 'error',
    });
  }
}

/** A failure view: title, explanation, raw JSON, 'Copy diagnostics' and 'Close'. Stores `record` once when shown. */
function FailureView({
  title,
  description,
  record,
  data,
  contentProps,
}: {
  title: string;
  description: string;
  record: CocktailDiagnostic;
  data: unknown;
  contentProps: ContentProps;
}) {
  const stored = useRef(false);
  useEffect(() => {
    if (stored.current) return;
    stored.current = true;
    recordCocktailDiagnostic(record);
  }, [record]);

  return (
    <DialogContent {...contentProps} showCloseButton={false} className="max-w-xl" data-testid="cocktail-failure">
      <DialogHeader className="pr-0">
        <div className="flex size-11 items-center justify-center rounded-full bg-destructive-soft text-danger-text">
          <TriangleAlertIcon aria-hidden="true" className="size-6" />
        </div>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg border border-border bg-surface-2/50 px-3 py-2 text-xs">
        <dt className="text-muted">Type</dt>
        <dd className="font-mono">{record.type}</dd>
        <dt className="text-muted">Cocktail</dt>
        <dd className="truncate font-mono">
          {record.cocktailName ?? 'unknown'} ({record.cocktailId ?? 'no id'})
        </dd>
        {record.error ? (
          <>
            <dt className="text-muted">Error</dt>
            <dd className="line-clamp-3 font-mono break-words">{record.error}</dd>
          </>
        ) : null}
      </dl>
      <details className="group rounded-lg border border-border bg-background/60">
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-foreground select-none">
          Raw data (JSON)
        </summary>
        <pre
          tabIndex={0}
          aria-label="Raw cocktail data"
          className="max-h-64 overflow-auto border-t border-border px-3 py-2 font-mono text-xs leading-relaxed text-muted"
        >
          {toJson(data)}
        </pre>
      </details>
      <DialogFooter>
        <Button variant="secondary" onClick={() => void copyDiagnostics(record, data)}>
          <CopyIcon aria-hidden="true" />
          Copy diagnostics
        </Button>
        <DialogClose asChild>
          <Button>Close</Button>
        </DialogClose>
      </DialogFooter>
    </DialogContent>
  );
}

/** The validation-failure view: records a VALIDATION_FAIL with the shape check's issues. */
function ValidationFailure({
  data,
  issues,
  contentProps,
}: {
  data: unknown;
  issues: unknown[];
  contentProps: ContentProps;
}) {
  const [record] = useState<CocktailDiagnostic>(() => ({
    type: 'VALIDATION_FAIL',
    time: new Date().toISOString(),
    ...identifyCocktail(data),
    issues,
  }));
  useEffect(() => {
    console.error('[Barback] Cocktail failed validation', { issues, data });
  }, [issues, data]);
  return (
    <FailureView
      title={MODAL_TEXT.validationTitle}
      description={MODAL_TEXT.validationBody}
      record={record}
      data={data}
      contentProps={contentProps}
    />
  );
}

/** The render-error view: records a RENDER_ERROR with the thrown message. */
function RenderFailure({ data, error, contentProps }: { data: unknown; error: Error; contentProps: ContentProps }) {
  const [record] = useState<CocktailDiagnostic>(() => ({
    type: 'RENDER_ERROR',
    time: new Date().toISOString(),
    ...identifyCocktail(data),
    error: error.message || String(error),
  }));
  return (
    <FailureView
      title={MODAL_TEXT.renderTitle}
      description={MODAL_TEXT.renderBody}
      record={record}
      data={data}
      contentProps={contentProps}
    />
  );
}

/**
 * Chooses the view for loaded data: the shape check first (validation failure), then the recipe inside an error boundary
 * (render error). Must be rendered inside a {@link Dialog}. With `pending`, the same panel holds the recipe's skeleton:
 * loading and loaded are one dialog element, so focus moves into it once and its entrance animation runs once (two
 * panels in a row cost a deep link two forced layouts of the whole page).
 */
export function CocktailDetailView({
  data,
  contentProps = {},
  pending = false,
}: {
  data: unknown;
  contentProps?: ContentProps;
  pending?: boolean;
}) {
  // A recipe the server drew into the page passed this check on the server: its start loads no contract.
  const serverChecked = useIsServerCheckedRecipe(data);
  const contract = useCocktailContract(!pending && !serverChecked);
  const check = useMemo(() => contract?.cocktailModalShapeSchema.safeParse(data) ?? null, [contract, data]);
  if (check && !check.success) {
    return <ValidationFailure data={data} issues={check.error.issues} contentProps={contentProps} />;
  }
  return (
    <CatalogueErrorBoundary
      resetKeys={[data]}
      onError={(error) => console.error('[Barback] Cocktail modal failed to render', error)}
      fallback={(error) => <RenderFailure data={data} error={error} contentProps={contentProps} />}
    >
      <DialogContent
        {...contentProps}
        {...(pending ? { 'aria-describedby': undefined } : {})}
        // Named by its title once Radix has counted it (a layout effect); until then, as drawn by the server before
        // any script has run, by the same name.
        aria-label={pending ? undefined : recipeName(data)}
        className={RECIPE_PANEL_CLASS}
        onOpenAutoFocus={contentProps.inline ? focusPanelSoon : focusPanel}
      >
        {pending ? <CocktailRecipeSkeleton /> : <CocktailRecipe data={data} />}
      </DialogContent>
    </CatalogueErrorBoundary>
  );
}

/** Settled: answered, or failed at least once (the failure shows while the query retries in the background). */
const isSettled = (query: { isPending: boolean; failureCount: number }) => !query.isPending || query.failureCount > 0;

/** The cocktail's name in a detail body, when it has one (the recipe's title). */
function recipeName(data: unknown): string | undefined {
  const name = (data as { name?: unknown } | null | undefined)?.name;
  return typeof name === 'string' ? name : undefined;
}

/** Loads the cocktail and shows the loading, load-failure or loaded view; tells `onShown` the slug of a loaded one. */
function CocktailDetailPanel({
  cocktailId,
  contentProps,
  onShown,
}: {
  cocktailId: string;
  contentProps: ContentProps;
  onShown?: (slug: string) => void;
}) {
  // The first answer is drawn as a deferred update (the skeleton stays until the recipe's interruptible render is
  // done), later ones at once: see useDeferredFirstAnswer.
  const query = useDeferredFirstAnswer(useCocktail(cocktailId), isSettled);
  const slug = (query.data as { slug?: unknown } | undefined)?.slug;
  useEffect(() => {
    if (typeof slug === 'string') onShown?.(slug);
  }, [slug, onShown]);

  // The first failure shows at once; the query goes on retrying (query-client's backoff) and shows the recipe if a
  // later attempt answers.
  const failure = query.error ?? (query.isPending ? query.failureReason : null);
  if (query.isPending && !failure) {
    return <CocktailDetailView data={undefined} contentProps={contentProps} pending />;
  }

  if (failure || query.data === undefined) {
    return (
      <LoadFailureView
        failure={failure}
        contentProps={contentProps}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  return <CocktailDetailView data={query.data} contentProps={contentProps} />;
}

/** Props of {@link CocktailDetailModal}. */
export interface CocktailDetailModalProps {
  /** The cocktail id as written in the URL. */
  cocktailId: string;
  /** Whether the modal is open (it stays mounted briefly while closing, for the exit animation). */
  open: boolean;
  /** Called when the user closes the modal (Escape, the close buttons, a click outside). */
  onClose: () => void;
  /** Where focus goes when the modal has closed (default: the element focused before it opened). */
  onCloseAutoFocus?: DialogContentProps['onCloseAutoFocus'];
  /**
   * The server drew this modal, open on `cocktailId`, into the page (a deep link): it is hydrated where it
   * stands (not portalled), appears without an entrance animation, and its close is a link to `closeHref`.
   */
  serverDrawn?: boolean;
  /** The page's address without the recipe (the close link of a modal the server drew). */
  closeHref?: string;
  /** Called with the cocktail's slug once its recipe has loaded (the host shows the cocktail's page address). */
  onShown?: (slug: string) => void;
}

/**
 * The cocktail detail modal (see the module note). Loaded lazily by the recipe modal host. Memoised: the host renders
 * again with the page (the router's updates, the end of hydration), the modal only when its props change.
 */
export const CocktailDetailModal = memo(function CocktailDetailModal({
  cocktailId,
  open,
  onClose,
  onCloseAutoFocus,
  serverDrawn = false,
  closeHref = '',
  onShown,
}: CocktailDetailModalProps) {
  // A modal the server drew stays where it was drawn for as long as it is mounted (moving it into a portal would draw
  // it again); its first opening appears at once, as drawn, and later ones animate in as usual.
  const [inline] = useState(serverDrawn);
  const [asDrawn, setAsDrawn] = useState(serverDrawn);
  if (asDrawn && !open) setAsDrawn(false);
  const contentProps = useMemo<ContentProps>(
    () => ({
      onCloseAutoFocus,
      entrance: !asDrawn,
      ...(inline ? { inline, closeLink: { href: closeHref, onClose } } : {}),
    }),
    [onCloseAutoFocus, asDrawn, inline, closeHref, onClose],
  );
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <CocktailDetailPanel key={cocktailId} cocktailId={cocktailId} contentProps={contentProps} onShown={onShown} />
    </Dialog>
  );
});
