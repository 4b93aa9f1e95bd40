import { CircleAlertIcon, RotateCcwIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { showToast } from '@/client/lib/toast-events';
import { useDocumentTitle } from '@/client/lib/use-document-title';
import {
  PROVIDER_LABEL,
  providerCallbackURL,
  startOAuth,
  type OAuthProvider,
  type OAuthStartOptions,
} from '../api/start-oauth';
import { browserNavigation } from '../lib/browser-navigation';
import { currentEmbeddedBrowser } from '../lib/embedded-browser';
import { signInErrorMessage } from '../lib/sign-in-errors';
import { SIGN_IN_TEXT } from '../lib/sign-in-text';
import { AuthStatusView } from './auth-status-view';
import { EmbeddedBrowserNotice } from './embedded-browser-notice';
import { paths } from '@/client/config/paths';

/** Props of {@link ProviderStartPage}. */
export interface ProviderStartPageProps {
  provider: OAuthProvider;
  /** Extra authorize options: the account chooser (/auth), or scopes, consent and offline access (/auth/google). */
  options?: Omit<OAuthStartOptions, 'callbackURL' | 'errorCallbackURL' | 'link'>;
  /**
   * How a failure reads: 'generic' (spec: 'Failed to start Google sign-in. Please try again or contact support.', the
   * server's reason below it) or 'message' (/auth/google: the error message itself plus the toast 'Sign-in failed').
   */
  failure?: 'generic' | 'message';
}

type State = { kind: 'starting' } | { kind: 'embedded' } | { kind: 'failed'; reason: string };

/**
 * A page that starts a provider sign-in as soon as it opens (docs/product.md, Screens: /auth, /auth/google,
 * /auth/facebook): it asks the server for the provider's authorize URL and goes there. While that happens: 'Redirecting
 * to Google…'. On failure the page becomes 'Sign-in Error' with a Close button (closes the window when it was opened as
 * a popup, else goes to /) and Try again. In an in-app browser it shows the "continue in your browser" notice instead
 * of starting.
 */
export function ProviderStartPage({ provider, options, failure = 'generic' }: ProviderStartPageProps) {
  const label = PROVIDER_LABEL[provider];
  const navigate = useNavigate();
  const [state, setState] = useState<State>(() =>
    currentEmbeddedBrowser().embedded ? { kind: 'embedded' } : { kind: 'starting' },
  );
  const started = useRef(false);
  const optionsRef = useRef(options);
  useDocumentTitle(state.kind === 'failed' ? SIGN_IN_TEXT.errorPageTitle : `Sign in with ${label}`);

  const start = useCallback(async () => {
    setState({ kind: 'starting' });
    try {
      const url = await startOAuth(provider, {
        ...optionsRef.current,
        callbackURL: providerCallbackURL(provider),
        errorCallbackURL: providerCallbackURL(provider),
      });
      browserNavigation.assign(url);
    } catch (error) {
      const reason = signInErrorMessage(error);
      setState({ kind: 'failed', reason });
      if (failure === 'message') showToast({ title: SIGN_IN_TEXT.failedTitle, description: reason, variant: 'error' });
    }
  }, [provider, failure]);

  useEffect(() => {
    // Once per page, even when React runs effects twice in development.
    if (started.current || state.kind !== 'starting') return;
    started.current = true;
    void start();
  }, [start, state.kind]);

  const close = () => {
    if (browserNavigation.isPopup()) browserNavigation.closePopup();
    else void navigate(paths.home, { replace: true });
  };

  if (state.kind === 'embedded') {
    return (
      <div className="mx-auto flex max-w-md flex-col gap-4 md:mt-8">
        <h1 className="font-display text-2xl font-semibold md:text-3xl">Sign in with {label}</h1>
        <EmbeddedBrowserNotice provider={provider} browser={currentEmbeddedBrowser()} headingLevel={2} />
        <Button variant="ghost" onClick={close}>
          Close
        </Button>
      </div>
    );
  }

  if (state.kind === 'failed') {
    return (
      <AuthStatusView
        tone="error"
        data-testid="sign-in-error"
        icon={<CircleAlertIcon className="size-7" aria-hidden="true" />}
        title={SIGN_IN_TEXT.errorPageTitle}
        actions={
          <>
            <Button size="lg" onClick={close}>
              Close
            </Button>
            <Button size="lg" variant="secondary" onClick={() => void start()}>
              <RotateCcwIcon aria-hidden="true" />
              Try again
            </Button>
          </>
        }
      >
        {failure === 'message' ? (
          <p>{state.reason}</p>
        ) : (
          <>
            <p>{SIGN_IN_TEXT.startFailed(label)}</p>
            {state.reason !== SIGN_IN_TEXT.failedFallback ? (
              <p className="mt-2 text-xs text-subtle">{state.reason}</p>
            ) : null}
          </>
        )}
      </AuthStatusView>
    );
  }

  return (
    <AuthStatusView
      tone="busy"
      data-testid="sign-in-starting"
      icon={<Spinner aria-hidden="true" role="presentation" className="size-7" />}
      title={`Redirecting to ${label}…`}
    >
      <p>Taking you to {label} to sign in. This only takes a moment.</p>
    </AuthStatusView>
  );
}
