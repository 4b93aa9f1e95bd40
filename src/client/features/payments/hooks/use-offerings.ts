import { useEffect, useState } from 'react';
import { useAppEnvironment } from '@/client/lib/use-app-environment';
import { DEFAULT_INDIVIDUAL_OFFERINGS, type IndividualOfferings } from '../lib/offerings';
import { listenForWrapperEvents, sendWrapperRequest } from '../lib/wrapper-bridge';

/** What {@link useOfferings} gives: the Individual packages, and whether they came from the store (not the defaults). */
export interface OfferingsState {
  offerings: IndividualOfferings;
  fromStore: boolean;
}

/**
 * The Individual plan's prices and product ids: the defaults in docs/product.md (Constants and limits) until the native
 * wrapper answers GET_OFFERINGS (asked on mount inside the native app) with an OFFERINGS event, whose prices then
 * replace them.
 */
export function useOfferings(): OfferingsState {
  const env = useAppEnvironment();
  const [state, setState] = useState<OfferingsState>({ offerings: DEFAULT_INDIVIDUAL_OFFERINGS, fromStore: false });
  useEffect(() => {
    const stop = listenForWrapperEvents((event) => {
      if (event.name === 'OFFERINGS') setState({ offerings: event.data, fromStore: true });
    });
    if (env.isNativeApp && !env.isToast) void sendWrapperRequest({ action: 'GET_OFFERINGS' });
    return stop;
  }, [env.isNativeApp, env.isToast]);
  return state;
}
