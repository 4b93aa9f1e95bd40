import { useState, type KeyboardEvent, type PointerEvent } from 'react';

/** Keys that open a menu from its focused trigger (WAI-ARIA menu button pattern). */
const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/** Props for the placeholder trigger of a menu whose code has not loaded yet. */
export interface LazyMenuTriggerProps {
  'aria-haspopup': 'menu';
  'aria-expanded': false;
  onPointerEnter: () => void;
  onFocus: () => void;
  onPointerDown: (event: PointerEvent<HTMLButtonElement>) => void;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
}

/**
 * A menu that draws only its trigger until first use, so no page load carries the menu's code (ADR 003).
 *
 * The returned `triggerProps` go on a placeholder that looks and reads exactly like the real trigger: hovering or focusing
 * it fetches the menu's module (`load`), and pressing it (pointer down with the left button and no Ctrl, as Radix does;
 * a click, for assistive technology that clicks without a pointer; or Enter / Space / arrow keys) sets `activated`, after
 * which the caller renders the real menu open (`defaultOpen`) in its place.
 * @param load imports the menu's module; its failures are left to the lazy component's error boundary.
 */
export function useLazyMenu(load: () => Promise<unknown>): { activated: boolean; triggerProps: LazyMenuTriggerProps } {
  const [activated, setActivated] = useState(false);
  const prefetch = () => void load().catch(() => undefined);
  return {
    activated,
    triggerProps: {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onPointerEnter: prefetch,
      onFocus: prefetch,
      onPointerDown: (event) => {
        if (event.button === 0 && !event.ctrlKey) setActivated(true);
      },
      onClick: () => setActivated(true),
      onKeyDown: (event) => {
        if (!OPEN_KEYS.has(event.key)) return;
        event.preventDefault();
        setActivated(true);
      },
    },
  };
}
