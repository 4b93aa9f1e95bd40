import { useState } from 'react';
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

/** The header's auth state (see {@link HeaderAuthState}); the last-known hint is read once per mount. */
export function useHeaderAuthState(): HeaderAuthState {
  const session = useSession();
  const [lastKnown] = useState(() => readItem(AUTH_HINT_KEY));
  if (session.status === 'signed-in' && session.user) return { kind: 'signed-in', email: session.user.email };
  if (session.status === 'loading') {
    return lastKnown === 'signed-out' ? { kind: 'signed-out', loading: true } : { kind: 'placeholder' };
  }
  return { kind: 'signed-out', loading: false };
}
