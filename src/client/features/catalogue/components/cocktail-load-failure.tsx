import { AlertTriangleIcon, ArrowLeftIcon, CloudOffIcon, RotateCwIcon, SearchXIcon } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import {
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  type DialogContentProps,
} from '@/client/components/ui/dialog';
import { cn } from '@/client/lib/utils';
import type { ReactNode } from 'react';
import { LOAD_FAILURE_TEXT } from '../lib/load-failure-text';

/**
 * Props passed to every DialogContent the recipe modal draws: where focus goes on close, whether it animates in, and for
 * the modal the server drew into the page, that it stays in place (not portalled) with a link for its close.
 */
export type ContentProps = Pick<DialogContentProps, 'onCloseAutoFocus' | 'entrance' | 'inline' | 'closeLink'>;

/** True when a load failed because the device is offline and keeps no copy (the service worker's OFFLINE answer). */
function isOfflineFailure(failure: unknown): boolean {
  const code = (failure as { code?: string } | null)?.code;
  return code === 'OFFLINE' || (code === 'NETWORK_ERROR' && navigator.onLine === false);
}

/** One failure dialog: an icon in its tone, a title, a line of text and its one action. */
function FailureDialog({
  contentProps,
  testId,
  icon: Icon,
  danger = false,
  title,
  body,
  action,
}: {
  contentProps: ContentProps;
  testId: string;
  icon: typeof AlertTriangleIcon;
  danger?: boolean;
  title: string;
  body: string;
  action: ReactNode;
}) {
  return (
    <DialogContent {...contentProps} className="max-w-md" data-testid={testId}>
      <DialogHeader>
        <div
          className={cn(
            'flex size-11 items-center justify-center rounded-full',
            danger ? 'bg-destructive-soft text-danger-text' : 'bg-accent-soft text-accent',
          )}
        >
          <Icon aria-hidden="true" className="size-6" />
        </div>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{body}</DialogDescription>
      </DialogHeader>
      <DialogFooter>{action}</DialogFooter>
    </DialogContent>
  );
}

/**
 * The recipe modal's view of a failed load: 'Recipe not found' for a 404 (a mistyped or stale link, with a way back),
 * 'This recipe needs the network' when the device is offline and keeps no copy, else 'Something went wrong' with Retry.
 * Must be rendered inside a Dialog.
 */
export function LoadFailureView({
  failure,
  contentProps,
  onRetry,
  retrying,
}: {
  failure: unknown;
  contentProps: ContentProps;
  onRetry: () => void;
  retrying: boolean;
}) {
  // A cocktail id the catalogue does not have (a mistyped or stale ?recipe= link): say so, with a way back.
  if (failure && (failure as { status?: number }).status === 404) {
    return (
      <FailureDialog
        contentProps={contentProps}
        testId="cocktail-not-found"
        icon={SearchXIcon}
        title={LOAD_FAILURE_TEXT.notFoundTitle}
        body={LOAD_FAILURE_TEXT.notFoundBody}
        action={
          <DialogClose asChild>
            <Button>
              <ArrowLeftIcon aria-hidden="true" />
              {LOAD_FAILURE_TEXT.notFoundBack}
            </Button>
          </DialogClose>
        }
      />
    );
  }
  const retry = (
    <Button onClick={onRetry} disabled={retrying}>
      <RotateCwIcon aria-hidden="true" className={cn(retrying && 'animate-spin')} />
      Retry
    </Button>
  );
  return isOfflineFailure(failure) ? (
    <FailureDialog
      contentProps={contentProps}
      testId="cocktail-offline"
      icon={CloudOffIcon}
      title={LOAD_FAILURE_TEXT.offlineTitle}
      body={LOAD_FAILURE_TEXT.offlineBody}
      action={retry}
    />
  ) : (
    <FailureDialog
      contentProps={contentProps}
      testId="cocktail-load-error"
      icon={AlertTriangleIcon}
      danger
      title={LOAD_FAILURE_TEXT.loadTitle}
      body={LOAD_FAILURE_TEXT.loadBody}
      action={retry}
    />
  );
}
