import { useEffect, type ReactNode } from 'react';
import { EARLY_CLICKS_PROPERTY } from '@/shared/first-paint';

/**
 * Presses `button` as a tap does: pointer and mouse down, up, then the click (primary button). Controls that act on the
 * press rather than the click (Radix tabs switch on mousedown, menus open on pointerdown) answer as they would have.
 */
function press(button: HTMLElement): void {
  const init = { bubbles: true, cancelable: true, composed: true, button: 0, buttons: 1 };
  const pointer = typeof PointerEvent === 'function';
  if (pointer)
    button.dispatchEvent(new PointerEvent('pointerdown', { ...init, isPrimary: true, pointerType: 'mouse' }));
  button.dispatchEvent(new MouseEvent('mousedown', init));
  if (pointer)
    button.dispatchEvent(new PointerEvent('pointerup', { ...init, buttons: 0, isPrimary: true, pointerType: 'mouse' }));
  button.dispatchEvent(new MouseEvent('mouseup', { ...init, buttons: 0 }));
  button.click();
}

/** Whether React has taken `element` over: it sets its props on the node when it hydrates (or creates) it. */
function ownedByReact(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactProps$'));
}

/** Longest wait for React to hydrate a tapped button before its tap is dropped, ms. */
const HYDRATION_WAIT_MS = 5000;

/**
 * Presses again, in order, the buttons a visitor tapped in the pre-rendered page before React listened to it
 * (EARLY_CLICKS_PROPERTY, kept by the first-paint script), where they are inside `container` and still in the page: a
 * hydrated page keeps its elements, so the tap reaches the control it was meant for; a page drawn afresh has replaced
 * them, and those taps are dropped. Each is pressed as a whole tap ({@link press}), and only once React has hydrated it:
 * hydration goes on part by part after the first commit (each Suspense boundary of the page on its own), and a press
 * on a part still waiting would reach no handler; a button still not hydrated after 5 s is dropped. The list is taken
 * once: later calls find nothing.
 */
export function replayEarlyClicks(container: HTMLElement): void {
  const holder = document.documentElement as unknown as Record<string, unknown>;
  const clicks = holder[EARLY_CLICKS_PROPERTY];
  delete holder[EARLY_CLICKS_PROPERTY];
  if (!Array.isArray(clicks)) return;
  const queue = clicks.filter((button): button is HTMLElement => button instanceof HTMLElement);
  const started = performance.now();
  const next = () => {
    while (queue.length > 0) {
      const button = queue[0]!;
      if (!button.isConnected || !container.contains(button)) {
        queue.shift();
        continue;
      }
      if (!ownedByReact(button)) {
        if (performance.now() - started < HYDRATION_WAIT_MS) setTimeout(next, 16);
        return;
      }
      queue.shift();
      press(button);
    }
  };
  next();
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
