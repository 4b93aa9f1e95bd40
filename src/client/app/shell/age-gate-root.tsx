import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { AGE_GATE_ID_PREFIX, AGE_VERIFIED_ATTRIBUTE, GATE_LIVE_ATTRIBUTE } from '@/shared/first-paint';
import { markAgeVerified } from './age-gate-state';
import { AgeGate } from './age-gate';
import { EarlyClicks } from './early-clicks';

/**
 * Brings the age gate in `container` to life for a first visitor: hydrates the pre-rendered gate (or renders it when the
 * container is empty, as in development). On confirmation it stores 'bb:age-verified' = 'v1' (a storage failure keeps
 * the gate open for this page load only), sets the attribute that swaps the gate for the app on `<html>`, unmounts the
 * gate and calls `onConfirmed`, which starts the app. Marks the container live (GATE_LIVE_ATTRIBUTE), so the first-paint
 * script's own handling of taps stops; a tap on 'No' it kept meanwhile is clicked again after hydration.
 */
export function mountAgeGate(container: HTMLElement, onConfirmed: () => void): void {
  let done = false;
  const confirm = () => {
    if (done) return;
    done = true;
    markAgeVerified();
    document.documentElement.setAttribute(AGE_VERIFIED_ATTRIBUTE, '');
    onConfirmed();
    // After the app has taken the page: unmounting inside React's own event handler is not allowed.
    queueMicrotask(() => root.unmount());
  };
  const gate = (
    <StrictMode>
      <EarlyClicks container={container}>
        <AgeGate onConfirm={confirm} />
      </EarlyClicks>
    </StrictMode>
  );
  // From here React answers the gate (it replays a tap made while hydrating); the first-paint script stands down, and a
  // tap on 'No' it kept is clicked again once the gate is hydrated (EarlyClicks).
  container.setAttribute(GATE_LIVE_ATTRIBUTE, '');
  let root: Root;
  if (container.firstElementChild) {
    // In a transition, like the app's hydration (app/boot.tsx): React hydrates in interruptible slices instead of one
    // task (the first visit's longest task after the first paint was this hydration). A tap on a part not
    // hydrated yet makes React hydrate that part at once.
    startTransition(() => {
      root = hydrateRoot(container, gate, { identifierPrefix: AGE_GATE_ID_PREFIX });
    });
  } else {
    root = createRoot(container, { identifierPrefix: AGE_GATE_ID_PREFIX });
    root.render(gate);
  }
}
