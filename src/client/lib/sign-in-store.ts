/**
 * A tiny store for the sign-in dialog, so any screen (cards, home, discover, the tab bar) can open it without loading it:
 * the dialog's module is fetched on first open by the host mounted in the shell. No imports: this file loads with the shell.
 */

/**
 * Where the dialog was asked for (docs/product.md, Screens, sign-in buttons): 'header' (top bar: Sign In and Sign Up),
 * 'hero' (home hero: Sign Up only), or 'prompt' (a feature that needs an account: favorites, Load More, Profile).
 */
export type SignInVariant = 'header' | 'hero' | 'prompt';

/** The dialog's state: open or not, which variant asked, and a counter that changes on every open (resets the form). */
export interface SignInDialogState {
  open: boolean;
  variant: SignInVariant;
  /** Increases on every {@link openSignInDialog}; the dialog starts from a fresh form when it changes. */
  openCount: number;
}

let state: SignInDialogState = { open: false, variant: 'header', openCount: 0 };
const listeners = new Set<() => void>();

function setState(next: SignInDialogState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Opens the sign-in dialog (loading its code on first use). @param variant who asked; default 'header'. */
export function openSignInDialog(variant: SignInVariant = 'header'): void {
  setState({ open: true, variant, openCount: state.openCount + 1 });
}

/** Closes the sign-in dialog (no-op when closed). */
export function closeSignInDialog(): void {
  if (!state.open) return;
  setState({ ...state, open: false });
}

/** For useSyncExternalStore: the current state (a new object after every change). */
export function getSignInDialogState(): SignInDialogState {
  return state;
}

/** For useSyncExternalStore: calls `listener` after every change. @returns unsubscribe */
export function subscribeSignInDialog(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Closes the dialog and forgets listeners' effects on the counter. For tests. */
export function resetSignInDialogForTests(): void {
  state = { open: false, variant: 'header', openCount: 0 };
}
