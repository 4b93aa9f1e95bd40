import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { track } from '@/client/lib/analytics';
import { useAppEnvironment } from '@/client/lib/use-app-environment';
import { accountKeys } from '@/client/lib/query-keys';
import { getSessionQueryOptions, type SessionData } from '@/client/lib/session';
import { entitlementForProduct, satisfiesEntitlement, type PlanName } from '@/shared/domain/plans';
import { syncPurchases } from '../api/sync-purchases';
import {
  INITIAL_PURCHASE_STATE,
  purchaseReducer,
  type PurchaseAction,
  type PurchaseKind,
  type PurchaseState,
} from '../lib/purchase-machine';
import { listenForWrapperEvents, sendWrapperRequest } from '../lib/wrapper-bridge';

/** Exact texts of the purchase flow (docs/product.md, Error messages, for the first two). */
export const PURCHASE_TEXT = {
  purchaseUnavailable: 'Purchases are only available in the iOS app.',
  restoreUnavailable: 'Restore is only available in the iOS app.',
  purchaseSuccess: 'Purchase successful',
  restoreSuccess: 'Purchases restored',
  confirming:
    'Your purchase is being confirmed with the App Store. Your plan unlocks here as soon as it is confirmed, usually within a minute.',
  nothingToRestore: 'No purchases were found to restore for this Apple ID.',
} as const;

/**
 * Delay between the wrapper's "done" and the first session refresh, ms (docs/product.md, Constants and limits:
 * post-purchase refresh 0.8 s).
 */
export const POST_PURCHASE_REFRESH_MS = 800;
/**
 * Further waits before re-reading the session when the server does not show the entitlement yet, ms: with the first
 * 0.8 s they add up to about 10 s, after which the page says plainly that the purchase is being confirmed.
 */
export const CONFIRMATION_RETRY_DELAYS_MS = [1200, 2000, 3000, 3000] as const;

/**
 * The timing the flow runs on: {@link POST_PURCHASE_REFRESH_MS} and {@link CONFIRMATION_RETRY_DELAYS_MS}. Tests may
 * shorten it (and must restore it) so the ~10 s of re-checks run in a moment.
 */
export const confirmationTiming: { firstRefreshMs: number; retryDelaysMs: readonly number[] } = {
  firstRefreshMs: POST_PURCHASE_REFRESH_MS,
  retryDelaysMs: CONFIRMATION_RETRY_DELAYS_MS,
};

/** Where the confirmation stands after the wrapper said done: checking the server, or still waiting after ~10 s. */
export type ConfirmationStatus = 'none' | 'checking' | 'pending';

/** What {@link usePurchaseFlow} gives a screen. */
export interface PurchaseFlow {
  state: PurchaseState;
  confirmation: ConfirmationStatus;
  /** A note that is not an error: still confirming, or nothing to restore. */
  notice: string | null;
  /** True while a purchase or restore is running or being confirmed (buttons are busy). */
  busy: boolean;
  purchase: (productId: string) => void;
  restore: () => void;
}

/** What the confirmed handler is told: what was done, and the plan the server now reports. */
export interface PurchaseConfirmation {
  kind: PurchaseKind;
  plan: PlanName;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** True when the server's session shows what `kind` (and `productId`) should have unlocked. */
function isConfirmed(session: SessionData | null, kind: PurchaseKind, productId: string | null): boolean {
  const entitlements = session?.user.appMetadata?.entitlements ?? [];
  const wanted = kind === 'purchase' && productId ? entitlementForProduct(productId) : null;
  return wanted ? satisfiesEntitlement(entitlements, wanted) : entitlements.length > 0;
}

/**
 * The purchase and restore flow (docs/product.md, States) on one screen: inside the native app it asks the wrapper
 * (RC_REQUEST PURCHASE or RESTORE), follows its events through the state machine, tracks purchase_start /
 * purchase_success / restore_start / restore_success / rc_error, and about 0.8 s after done reads the session from the
 * server (a restore first asks the server to reconcile with the store), tracking session_entitlements_refreshed. Only
 * the server's answer unlocks anything: when it shows the entitlement, `onConfirmed` runs; if it still does not after
 * about 10 s, the notice says the purchase is being confirmed. Outside the native app (web, toast) both actions answer
 * with the unavailable messages of docs/product.md, Error messages. Wrapper events that arrive while nothing runs (a
 * renewal, a forged message) only refresh the session from the server.
 */
export function usePurchaseFlow({
  onConfirmed,
}: {
  onConfirmed: (confirmation: PurchaseConfirmation) => void;
}): PurchaseFlow {
  const env = useAppEnvironment();
  const queryClient = useQueryClient();
  const [state, dispatchToReact] = useReducer(purchaseReducer, INITIAL_PURCHASE_STATE);
  const [confirmation, setConfirmation] = useState<ConfirmationStatus>('none');
  const [notice, setNotice] = useState<string | null>(null);
  // The machine's latest state for the listeners, advanced with every action (before React renders it).
  const stateRef = useRef(state);
  const onConfirmedRef = useRef(onConfirmed);
  useEffect(() => {
    onConfirmedRef.current = onConfirmed;
  }, [onConfirmed]);
  const dispatch = useCallback((action: PurchaseAction) => {
    stateRef.current = purchaseReducer(stateRef.current, action);
    dispatchToReact(action);
  }, []);

  const canPurchase = env.isNativeApp && !env.isToast;

  const refreshSession = useCallback(async (): Promise<SessionData | null> => {
    const session = await queryClient.fetchQuery({ ...getSessionQueryOptions(), staleTime: 0 });
    const userId = session?.user.id;
    if (userId) await queryClient.invalidateQueries({ queryKey: accountKeys.user(userId) });
    track('session_entitlements_refreshed', { plan: session?.user.appMetadata?.plan ?? 'free' });
    return session;
  }, [queryClient]);

  useEffect(
    () =>
      listenForWrapperEvents((event) => {
        if (event.name === 'OFFERINGS') return;
        if (event.name === 'ERROR') track('rc_error', { message: event.data?.message ?? '' });
        if (stateRef.current.status !== 'processing' && event.name !== 'ERROR') {
          // Not something this screen started: let the server say what changed, if anything.
          void refreshSession().catch(() => undefined);
          return;
        }
        dispatch({ type: 'wrapper', event });
      }),
    [refreshSession, dispatch],
  );

  useEffect(() => {
    if (state.status !== 'done') return;
    const { kind, productId, reported } = state;
    track(kind === 'purchase' ? 'purchase_success' : 'restore_success', productId ? { productId } : {});
    const controller = new AbortController();
    const { signal } = controller;
    setConfirmation('checking');
    setNotice(null);
    void (async () => {
      await sleep(confirmationTiming.firstRefreshMs, signal);
      if (kind === 'restore' && !signal.aborted) {
        try {
          await syncPurchases();
        } catch {
          // The store could not be asked; the rows the server has still decide below.
        }
      }
      for (let attempt = 0; !signal.aborted; attempt += 1) {
        const session = await refreshSession().catch(() => null);
        if (signal.aborted) return;
        if (isConfirmed(session, kind, productId)) {
          setConfirmation('none');
          dispatch({ type: 'reset' });
          onConfirmedRef.current({ kind, plan: session?.user.appMetadata?.plan ?? 'free' });
          return;
        }
        if (kind === 'restore' && reported.length === 0) {
          setConfirmation('none');
          setNotice(PURCHASE_TEXT.nothingToRestore);
          dispatch({ type: 'reset' });
          return;
        }
        const delay = confirmationTiming.retryDelaysMs[attempt];
        if (delay === undefined) break;
        await sleep(delay, signal);
      }
      if (signal.aborted) return;
      setConfirmation('pending');
      setNotice(PURCHASE_TEXT.confirming);
      dispatch({ type: 'reset' });
    })();
    return () => controller.abort();
  }, [state, refreshSession, dispatch]);

  const purchase = useCallback(
    (productId: string) => {
      setNotice(null);
      if (!canPurchase) {
        dispatch({ type: 'fail', message: PURCHASE_TEXT.purchaseUnavailable });
        return;
      }
      if (stateRef.current.status !== 'idle') return;
      dispatch({ type: 'start', kind: 'purchase', productId });
      track('purchase_start', { productId });
      void sendWrapperRequest({ action: 'PURCHASE', productId });
    },
    [canPurchase, dispatch],
  );

  const restore = useCallback(() => {
    setNotice(null);
    if (!canPurchase) {
      dispatch({ type: 'fail', message: PURCHASE_TEXT.restoreUnavailable });
      return;
    }
    if (stateRef.current.status !== 'idle') return;
    dispatch({ type: 'start', kind: 'restore' });
    track('restore_start');
    void sendWrapperRequest({ action: 'RESTORE' });
  }, [canPurchase, dispatch]);

  return {
    state,
    confirmation,
    notice,
    busy: state.status !== 'idle' || confirmation === 'checking',
    purchase,
    restore,
  };
}
