import { createContext, useContext } from 'react';

/**
 * Whether My Bar's controls that add (a bottle, a list item, a swap, 'Mark as made', 'Bought') are drawn: false for a
 * lapsed plan, whose adds the server refuses (docs/payments.md "When a plan lapses"); reads and removals stay.
 */
export const CanAddContext = createContext(true);

/** True unless the page is showing a lapsed plan's bar (see {@link CanAddContext}). */
export function useCanAdd(): boolean {
  return useContext(CanAddContext);
}
