import { useSyncExternalStore } from 'react';
import { readItem } from '@/client/lib/storage';
import { useSession } from '@/client/lib/session';
import { AUTH_HINT_KEY } from '../lib/local-auth-state';

/**
 * What the top bar and the native header draw on the auth side:
 * - 'placeholder': the session is loading and this browser was last signed in (or never seen): an avatar-sized placeholder;
 * - 'signed-out': Sign In / Sign Up and the Legal menu (`loading` true while the session is still being read for a browser
 *   that was signed out last time: the final controls are drawn at once, so nothing moves);
 * - 'signed-in': the avatar menu for `email`.
 */
export type HeaderAuthState =
  { kind: 'placeholder' } | { kind: 'signed-out'; loading: boolean } | { kind: 'signed-in'; email: string };

/** The hint's store has no change events: it is read again on each render while the session loads. */
const subscribeNothing = () => () => {};
const readHint = () => readItem(AUTH_HINT_KEY);
/** The build's pre-render knows no browser, so it draws the placeholder; hydration starts from the same. */
const noHintOnServer = () => null;

/**
 * The last-known auth hint of this browser ('signed-in', 'signed-out' or null when never seen), from localStorage; null in
 * the build's pre-render and during hydration, so the first client render matches the pre-rendered HTML.
 */
export function useLastKnownAuthHint(): string | null {
  return useSyncExternalStore(subscribeNothing, readHint, noHintOnServer);
}

/**
 * The header's auth state (see {@link HeaderAuthState}). The last-known hint comes from localStorage in the browser and
 * is null in the pre-render, so a hydrated page first matches the pre-rendered HTML, then shows the hint.
 */
export function useHeaderAuthState(): HeaderAuthState {
  const session = useSession();
  const lastKnown = useLastKnownAuthHint();
  if (session.status === 'signed-in' && session.user) return { kind: 'signed-in', email: session.user.email };
  if (session.status === 'loading') {
    return lastKnown === 'signed-out' ? { kind: 'signed-out', loading: true } : { kind: 'placeholder' };
  }
  return { kind: 'signed-out', loading: false };
}
