import { useQueryClient } from '@tanstack/react-query';
import { CircleAlertIcon, CircleCheckIcon, CircleHelpIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { showToast } from '@/client/lib/toast-events';
import { useDocumentTitle } from '@/client/lib/use-document-title';
import { getSession, getSessionQueryOptions, type SessionData } from '@/client/lib/session';
import { AUTH_CHANGED_MESSAGE } from '../lib/auth-runtime';
import { browserNavigation } from '../lib/browser-navigation';
import { readCallbackParams } from '../lib/callback-params';
import { noteSignInContext, signInContextFromCallback } from '../lib/sign-in-analytics';
import { callbackErrorMessage, signInErrorMessage } from '../lib/sign-in-errors';
import { SIGN_IN_SUCCESS_REDIRECT_MS, SIGN_IN_TEXT } from '../lib/sign-in-text';
import { AuthStatusView } from './auth-status-view';
import { TwoFactorChallenge } from './two-factor-challenge';
import { paths } from '@/client/config/paths';
import { takeReturnPath } from '@/client/lib/return-path';
import { leaveRecoveryMode, readRecoveryMode } from '@/client/lib/recovery-mode';

/**
 * The callback's states (docs/product.md, States, "Sign-in callback": loading, then success or error; plus the second
 * factor).
 */
export type CallbackState =
  | { kind: 'loading' }
  | { kind: 'two-factor' }
  | { kind: 'success'; email: string }
  | { kind: 'failed'; message: string }
  | { kind: 'no-session' };

/**
 * The sign-in return target (`/auth/callback`, docs/product.md: Screens, States, Error messages). Magic links and
 * provider sign-ins land here:
 * - `?error=...`: 'Sign-in failed' with the message, a destructive toast and 'Return to app' (to /);
 * - `?twoFactor=1`: the authenticator code form; once accepted, as a success;
 * - otherwise it reads the session: signed in -> 'Sign-in successful!', the toast 'Welcome to Barback!', the sign-in is
 *   counted (registration or login, once: the page notes its method and `new=1` for the SIGNED_IN listener,
 *   sign-in-analytics.ts) and 2 s later the page closes itself when it is a popup (telling its opener) or
 *   goes to /; no session -> 'No session found' with 'Return to app'.
 */
export function SignInCallback() {
  const [searchParams] = useSearchParams();
  const [params] = useState(() => readCallbackParams(searchParams));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<CallbackState>(() => {
    if (params.error) return { kind: 'failed', message: callbackErrorMessage(params.error, params.errorDescription) };
    return params.twoFactor ? { kind: 'two-factor' } : { kind: 'loading' };
  });
  const handled = useRef(false);
  useDocumentTitle(
    state.kind === 'success' ? SIGN_IN_TEXT.success : state.kind === 'failed' ? SIGN_IN_TEXT.failedTitle : 'Signing in',
  );

  // The sign-in this page finishes, for the one listener that counts it (registration or login) on SIGNED_IN.
  useEffect(() => {
    noteSignInContext(signInContextFromCallback(params));
    return () => noteSignInContext(null);
  }, [params]);

  const succeed = useCallback(
    (data: SessionData) => {
      queryClient.setQueryData(getSessionQueryOptions().queryKey, data);
      showToast({ title: SIGN_IN_TEXT.welcome, description: `Signed in as ${data.user.email}.`, variant: 'success' });
      setState({ kind: 'success', email: data.user.email });
    },
    [queryClient],
  );

  const fail = useCallback((message: string) => {
    showToast({ title: SIGN_IN_TEXT.failedTitle, description: message, variant: 'error' });
    setState({ kind: 'failed', message });
  }, []);

  const readSession = useCallback(async () => {
    let data: SessionData | null;
    try {
      data = await getSession();
    } catch (error) {
      fail(signInErrorMessage(error));
      return;
    }
    if (data) succeed(data);
    else {
      queryClient.setQueryData(getSessionQueryOptions().queryKey, null);
      setState({ kind: 'no-session' });
    }
  }, [fail, succeed, queryClient]);

  // First arrival: report an error from the URL, or read the session (once, even with effects run twice in development).
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    if (state.kind === 'failed') {
      showToast({ title: SIGN_IN_TEXT.failedTitle, description: state.message, variant: 'error' });
    } else if (state.kind === 'loading') {
      void readSession();
    }
  }, [state, readSession]);

  // A sign-in that failed (or found no session) proved nothing: a recovery link that led here leaves recovery mode, and
  // the page it meant to open ('Secure your account') is forgotten.
  useEffect(() => {
    if (state.kind !== 'failed' && state.kind !== 'no-session') return;
    if (params.method === 'recovery' || readRecoveryMode().active) {
      leaveRecoveryMode();
      takeReturnPath();
    }
  }, [state.kind, params.method]);

  // Success: 2 s later close the popup (telling the opener), or go to the page the sign-in was started for (a venue's
  // join page remembers itself: rememberReturnPath) or home.
  useEffect(() => {
    if (state.kind !== 'success') return;
    const timer = setTimeout(() => {
      if (browserNavigation.isPopup()) browserNavigation.closePopup({ type: AUTH_CHANGED_MESSAGE });
      else void navigate(takeReturnPath() ?? paths.home, { replace: true });
    }, SIGN_IN_SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state.kind, navigate]);

  const returnToApp = (
    <Button size="lg" onClick={() => void navigate(paths.home, { replace: true })}>
      {SIGN_IN_TEXT.returnToApp}
    </Button>
  );

  switch (state.kind) {
    case 'two-factor':
      return (
        <TwoFactorChallenge
          onVerified={() => {
            setState({ kind: 'loading' });
            void readSession();
          }}
          onExpired={fail}
        />
      );
    case 'success':
      return (
        <AuthStatusView
          tone="success"
          data-testid="sign-in-success"
          icon={<CircleCheckIcon className="size-7" aria-hidden="true" />}
          title={SIGN_IN_TEXT.success}
        >
          <p>
            Welcome to Barback, <span className="font-medium break-all text-foreground">{state.email}</span>. Taking you
            back to the bar…
          </p>
        </AuthStatusView>
      );
    case 'failed':
      return (
        <AuthStatusView
          tone="error"
          data-testid="sign-in-failed"
          icon={<CircleAlertIcon className="size-7" aria-hidden="true" />}
          title={SIGN_IN_TEXT.failedTitle}
          actions={returnToApp}
        >
          <p>{state.message}</p>
        </AuthStatusView>
      );
    case 'no-session':
      return (
        <AuthStatusView
          tone="neutral"
          data-testid="sign-in-no-session"
          icon={<CircleHelpIcon className="size-7" aria-hidden="true" />}
          title={SIGN_IN_TEXT.noSession}
          actions={returnToApp}
        >
          <p>The sign-in did not finish, or it has already been used. Please sign in again.</p>
        </AuthStatusView>
      );
    default:
      return (
        <AuthStatusView
          tone="busy"
          data-testid="sign-in-loading"
          icon={<Spinner aria-hidden="true" role="presentation" className="size-7" />}
          title="Signing you in…"
        >
          <p>Checking your sign-in with the bar.</p>
        </AuthStatusView>
      );
  }
}
