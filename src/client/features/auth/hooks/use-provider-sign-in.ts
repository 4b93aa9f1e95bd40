import { useCallback, useRef, useState } from 'react';
import { showToast } from '@/client/lib/toast-events';
import { startOAuth, type OAuthProvider, type OAuthStartOptions } from '../api/start-oauth';
import { browserNavigation } from '../lib/browser-navigation';
import { currentEmbeddedBrowser, type EmbeddedBrowserInfo } from '../lib/embedded-browser';
import { signInErrorMessage } from '../lib/sign-in-errors';
import { SIGN_IN_TEXT } from '../lib/sign-in-text';

/** Options of one provider start from the sign-in dialog or a settings page. */
export interface ProviderSignInOptions extends OAuthStartOptions {
  /** Google and the magic link need the age box ticked first (docs/product.md, Validation); Facebook does not. */
  ageConfirmed?: boolean;
}

/** What {@link useProviderSignIn} returns. */
export interface ProviderSignIn {
  /** The provider whose sign-in is starting (its button shows a spinner), or null. */
  pending: OAuthProvider | null;
  /** Set when the page is in an in-app browser and the person must continue in the system browser. */
  embeddedNotice: { provider: OAuthProvider; browser: EmbeddedBrowserInfo } | null;
  /** Hides the in-app browser notice. */
  dismissNotice: () => void;
  /** Starts a provider sign-in (see the hook's description). Never throws. */
  start: (provider: OAuthProvider, options?: ProviderSignInOptions) => Promise<void>;
}

/**
 * Starts Google or Facebook sign-in from a button:
 * 1. Google without the age box ticked: toast 'Age verification required' and stop (Facebook has no age check);
 * 2. inside an in-app browser: show the "continue in your browser" notice instead (Google refuses embedded views);
 * 3. otherwise ask the server for the provider's authorize URL and go there; on failure a destructive toast 'Sign-in
 *    failed' with the reason ('Google sign-in is not available on this server.', a rate limit...).
 */
export function useProviderSignIn(): ProviderSignIn {
  const [pending, setPending] = useState<OAuthProvider | null>(null);
  const [embeddedNotice, setEmbeddedNotice] = useState<ProviderSignIn['embeddedNotice']>(null);
  const busy = useRef(false);

  const start = useCallback(async (provider: OAuthProvider, options: ProviderSignInOptions = {}) => {
    if (busy.current) return;
    const { ageConfirmed = true, ...startOptions } = options;
    if (provider === 'google' && !ageConfirmed) {
      showToast({ title: SIGN_IN_TEXT.ageRequiredTitle, description: SIGN_IN_TEXT.ageRequiredBody, variant: 'error' });
      return;
    }
    const browser = currentEmbeddedBrowser();
    if (browser.embedded) {
      setEmbeddedNotice({ provider, browser });
      return;
    }
    busy.current = true;
    setPending(provider);
    try {
      const url = await startOAuth(provider, startOptions);
      browserNavigation.assign(url);
      // The page is being replaced; keep the button busy so it cannot start a second sign-in meanwhile. If the
      // navigation is cancelled (the person comes back with the Back button), the page is restored from the cache
      // and pageshow clears the busy state.
      window.addEventListener(
        'pageshow',
        () => {
          busy.current = false;
          setPending(null);
        },
        { once: true },
      );
    } catch (error) {
      busy.current = false;
      setPending(null);
      showToast({ title: SIGN_IN_TEXT.failedTitle, description: signInErrorMessage(error), variant: 'error' });
    }
  }, []);

  return { pending, embeddedNotice, dismissNotice: () => setEmbeddedNotice(null), start };
}
