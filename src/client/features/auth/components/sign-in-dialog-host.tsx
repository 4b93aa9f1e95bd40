import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { showToast } from '@/client/lib/toast-events';
import { closeSignInDialog, getSignInDialogState, subscribeSignInDialog } from '@/client/lib/sign-in-store';
import type { SignInDialogProps } from './sign-in-dialog';

let dialogModule: Promise<ComponentType<SignInDialogProps>> | null = null;

/**
 * Fetches the dialog's code (Radix dialog, the forms) once; later calls share the same promise. A failed fetch is forgotten
 * so the next open tries again. Call it early (hover, focus) to have the dialog ready on click.
 */
export function preloadSignInDialog(): Promise<ComponentType<SignInDialogProps>> {
  dialogModule ??= import('./sign-in-dialog')
    .then((module) => module.SignInDialog)
    .catch((error: unknown) => {
      dialogModule = null;
      throw error;
    });
  return dialogModule;
}

/**
 * Mounted once in the shell: renders the sign-in dialog whenever {@link openSignInDialog} asks for it, loading its code on
 * the first open. If the code cannot be fetched, a toast says so ('Something went wrong' / 'Please try again.') and the
 * request is dropped, so a bad connection never breaks the page.
 */
export function SignInDialogHost() {
  const state = useSyncExternalStore(subscribeSignInDialog, getSignInDialogState, getSignInDialogState);
  const [Dialog, setDialog] = useState<ComponentType<SignInDialogProps> | null>(null);

  useEffect(() => {
    if (!state.open || Dialog) return;
    let active = true;
    preloadSignInDialog().then(
      (component) => {
        if (active) setDialog(() => component);
      },
      () => {
        if (!active) return;
        closeSignInDialog();
        showToast({ title: 'Something went wrong', description: 'Please try again.', variant: 'error' });
      },
    );
    return () => {
      active = false;
    };
  }, [state.open, Dialog]);

  if (!Dialog) return null;
  return (
    <Dialog
      key={state.openCount}
      open={state.open}
      variant={state.variant}
      onOpenChange={(open) => {
        if (!open) closeSignInDialog();
      }}
    />
  );
}
