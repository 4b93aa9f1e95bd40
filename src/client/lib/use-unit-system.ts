import { useCallback, useSyncExternalStore } from 'react';
import { isUnitSystem, type UnitSystem } from '@/shared/domain/units';

/**
 * The app-wide ml / oz / cl display preference, remembered in localStorage under 'bb:unit-system' ('ml' | 'oz' | 'cl'),
 * used by recipes and the batch calculator alike.
 * Every component using the hook re-renders when any of them (or another tab) changes it. Default 'ml', the canonical unit
 * (DOMAIN.md: ml is the storage unit).
 */

/** localStorage key of the unit preference. */
export const UNIT_SYSTEM_STORAGE_KEY = 'bb:unit-system';
/** Shown when nothing (or something unknown) is stored. */
export const DEFAULT_UNIT_SYSTEM: UnitSystem = 'ml';

const CHANGE_EVENT = 'bb:unit-system-change';

/** Reads the stored preference; 'ml' when absent, unknown or when storage is unavailable (private mode, SSR). */
export function readUnitSystem(): UnitSystem {
  try {
    const value = globalThis.localStorage?.getItem(UNIT_SYSTEM_STORAGE_KEY);
    return isUnitSystem(value) ? value : DEFAULT_UNIT_SYSTEM;
  } catch {
    return DEFAULT_UNIT_SYSTEM;
  }
}

let current: UnitSystem | null = null;

/** Stores the preference and tells every mounted {@link useUnitSystem} about it. Storage failures are ignored. */
export function writeUnitSystem(system: UnitSystem): void {
  current = system;
  try {
    globalThis.localStorage?.setItem(UNIT_SYSTEM_STORAGE_KEY, system);
  } catch {
    // Storage full or blocked: the choice still applies until the page is reloaded.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === UNIT_SYSTEM_STORAGE_KEY || event.key === null) {
      current = null;
      onChange();
    }
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

function getSnapshot(): UnitSystem {
  current ??= readUnitSystem();
  return current;
}

/** Forgets the in-memory copy so the next read comes from localStorage (tests, and after storage is cleared). */
export function resetUnitSystemCache(): void {
  current = null;
}

/**
 * The current unit system and a setter that remembers it.
 * @returns `[system, setSystem]` where system is 'ml', 'oz' or 'cl'.
 */
export function useUnitSystem(): [UnitSystem, (system: UnitSystem) => void] {
  const system = useSyncExternalStore(subscribe, getSnapshot, () => DEFAULT_UNIT_SYSTEM);
  const setSystem = useCallback((next: UnitSystem) => writeUnitSystem(next), []);
  return [system, setSystem];
}
