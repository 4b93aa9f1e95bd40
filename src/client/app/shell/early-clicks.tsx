import { useEffect, type ReactNode } from 'react';
import { EARLY_CLICKS_PROPERTY } from '@/shared/first-paint';

/**
 * Clicks again, in order, the buttons a visitor tapped in the pre-rendered page before React listened to it
 * (EARLY_CLICKS_PROPERTY, kept by the first-paint script), where they are inside `container` and still in the page: a
 * hydrated page keeps its elements, so the tap reaches the control it was meant for; a page drawn afresh has replaced
 * them, and those taps are dropped. The list is taken once: later calls find nothing.
 */
export function replayEarlyClicks(container: HTMLElement): void {
  const holder = document.documentElement as unknown as Record<string, unknown>;
  const clicks = holder[EARLY_CLICKS_PROPERTY];
  delete holder[EARLY_CLICKS_PROPERTY];
  if (!Array.isArray(clicks)) return;
  for (const button of clicks) {
    if (button instanceof HTMLElement && button.isConnected && container.contains(button)) button.click();
  }
}

/**
 * Draws `children` as they are and calls {@link replayEarlyClicks} for `container` after React's first commit of them.
 * A wrapper rather than a sibling: a sibling would fork the tree and change every useId below it, so the ids of the
 * pre-rendered HTML would no longer match (a hydration mismatch React does not patch).
 */
export function EarlyClicks({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useEffect(() => replayEarlyClicks(container), [container]);
  return children;
}
