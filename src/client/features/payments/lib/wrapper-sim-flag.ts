import { readItem, writeItem } from '@/client/lib/storage';

/**
 * Whether this tab asked for the wrapper simulator (wrapper-simulator.ts). Kept apart from the simulator, without the
 * schema library, so the shell can check it on every start for free and load the simulator only when asked.
 */

/** sessionStorage key remembering `wrapper=sim` for the tab. */
export const WRAPPER_SIM_SESSION_KEY = 'bb:wrapper-sim';

/**
 * True when this tab asked for the simulator: `wrapper=sim` in `search` (remembered in sessionStorage for the tab), or
 * remembered from earlier in the tab; `wrapper=off` forgets it.
 */
export function wantsWrapperSimulator(search: string): boolean {
  const param = new URLSearchParams(search).get('wrapper');
  if (param === 'sim') writeItem(WRAPPER_SIM_SESSION_KEY, '1', 'session');
  if (param === 'off') writeItem(WRAPPER_SIM_SESSION_KEY, '0', 'session');
  return readItem(WRAPPER_SIM_SESSION_KEY, 'session') === '1';
}
