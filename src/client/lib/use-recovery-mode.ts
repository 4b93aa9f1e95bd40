import { useEffect, useSyncExternalStore } from 'react';
import {
  leaveRecoveryMode,
  recoveryModeSnapshot,
  refreshRecoveryMode,
  subscribeRecoveryMode,
  type RecoveryModeState,
} from './recovery-mode';

const inactiveOnServer = (): RecoveryModeState => ({ active: false });

/**
 * Recovery mode for a component (see recovery-mode.ts): re-renders when the page enters or leaves it, and when it expires
 * (a timer set for its `expiresAt` clears the flag then).
 * @returns the state and `leave`, which ends the mode.
 */
export function useRecoveryMode(): RecoveryModeState & { leave: () => void } {
  const state = useSyncExternalStore(subscribeRecoveryMode, recoveryModeSnapshot, inactiveOnServer);
  const expiresAt = state.active ? state.expiresAt : null;
  useEffect(() => {
    if (expiresAt === null) return;
    const timer = setTimeout(refreshRecoveryMode, Math.max(0, expiresAt - Date.now()));
    return () => clearTimeout(timer);
  }, [expiresAt]);
  return { ...state, leave: () => leaveRecoveryMode() };
}
