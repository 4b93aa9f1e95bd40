import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setAnalyticsIdentity } from '@/client/lib/analytics';
import { getSessionQueryOptions, useSession } from '@/client/lib/session';
import { AUTH_CHANGED_MESSAGE, registerAuthRuntime } from '../lib/auth-runtime';
import { rememberAuthHint } from '../lib/local-auth-state';
import { closeSignInDialog } from '@/client/lib/sign-in-store';
import { SignInDialogHost } from './sign-in-dialog-host';

/**
 * Mounted once in the shell, inside the router. It
 * - hands the query client and navigate to plain functions (sign-out);
 * - attributes analytics events to the signed-in user and their plan (from the session's entitlements) and to nobody when
 *   signed out;
 * - remembers the last known sign-in state, so the next visit's placeholder has the final control's size;
 * - closes the sign-in dialog once someone is signed in;
 * - reads the session again when a sign-in popup of this origin reports success;
 * - hosts the lazily loaded sign-in dialog.
 */
export function AuthRuntime() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const session = useSession();
  const userId = session.user?.id ?? null;
  const plan = session.user?.appMetadata?.plan ?? 'free';

  useEffect(() => registerAuthRuntime({ queryClient, navigate }), [queryClient, navigate]);

  useEffect(() => {
    if (session.status === 'loading') return;
    setAnalyticsIdentity(userId ? { userId, plan } : { userId: null, plan: null });
    rememberAuthHint(userId ? 'signed-in' : 'signed-out');
    if (userId) closeSignInDialog();
  }, [session.status, userId, plan]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as { type?: unknown } | null;
      if (data?.type !== AUTH_CHANGED_MESSAGE) return;
      void queryClient.invalidateQueries({ queryKey: getSessionQueryOptions().queryKey });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [queryClient]);

  return <SignInDialogHost />;
}
