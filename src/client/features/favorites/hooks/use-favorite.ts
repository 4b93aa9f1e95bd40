import { useCallback } from 'react';
import { useSession } from '@/client/lib/session';
import { openSignInDialog } from '@/client/lib/sign-in-store';
import { ApiError } from '@/client/lib/api-client';
import { showToast } from '@/client/lib/toast-events';
import { useFavorites } from '../api/get-favorites';
import { useSetFavorite } from '../api/set-favorite';

/** Texts of favoriting (docs/product.md: Screens, Error messages). */
export const FAVORITE_TEXT = {
  /** Favoriting while signed out. */
  signInRequired: 'Please log in to save favorites',
  /** A failed add or remove. */
  saveFailed: 'Error saving favorite. Please try again.',
  /** The home page's prompt for anonymous visitors. */
  prompt: 'Log in to save your favorite cocktails',
} as const;

/** Tells a signed-out user that favorites need an account and opens the sign-in dialog. */
export function promptSignInForFavorites(): void {
  showToast({ title: FAVORITE_TEXT.signInRequired });
  openSignInDialog('prompt');
}

/** What {@link useFavorite} returns. */
export interface FavoriteState {
  /** Whether the cocktail is in the user's favorites as the screen shows it (optimistic while a write is in flight). */
  isFavorite: boolean;
  /** Adds or removes the cocktail; signed out it prompts to sign in; while the session loads it does nothing. */
  toggle: () => void;
  /** The session's state: the toggle only acts when 'signed-in'. */
  sessionStatus: 'loading' | 'signed-in' | 'signed-out';
}

/**
 * One cocktail's favorite state and toggle (docs/product.md: States, Error messages). Signed in, a toggle changes the
 * heart at once and writes to the server; a failed write shows 'Error saving favorite. Please try again.' and the heart
 * returns to its state before the click (a 401 means the session ended: the sign-in prompt instead). Signed out, a
 * toggle shows 'Please log in to save favorites' and opens the sign-in dialog. A failed load of the favorites stays
 * silent: every heart simply shows as not saved.
 * @param cocktailId the cocktail's numeric id.
 * @param name the cocktail's name, for the messages of a change made offline.
 */
export function useFavorite(cocktailId: number, name?: string): FavoriteState {
  const session = useSession();
  const favorites = useFavorites();
  const mutation = useSetFavorite({
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) promptSignInForFavorites();
      else showToast({ title: FAVORITE_TEXT.saveFailed, variant: 'error' });
    },
  });
  const isFavorite = favorites.data?.ids.includes(cocktailId) ?? false;
  const userId = session.status === 'signed-in' ? (session.user?.id ?? null) : null;
  const { mutate } = mutation;
  const status = session.status;

  const toggle = useCallback(() => {
    if (status === 'loading') return;
    if (userId === null) {
      promptSignInForFavorites();
      return;
    }
    mutate({ userId, cocktailId, favorite: !isFavorite, ...(name ? { name } : {}) });
  }, [status, userId, cocktailId, name, isFavorite, mutate]);

  return { isFavorite, toggle, sessionStatus: status };
}
