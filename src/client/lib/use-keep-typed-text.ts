import { useLayoutEffect, type RefObject } from 'react';

/**
 * Keeps what a visitor typed into a pre-rendered field before React took it over (the page paints from HTML
 * and becomes interactive once its code has loaded and hydrated). On the field's first commit, when its text differs
 * from the controlled `value`, the text is handed to the field's own onChange as an input event, as if typed now; on
 * any ordinary mount the two are equal and nothing happens.
 *
 * How: the value is first set through the element's own `value` property (React's tracker, where present), then the
 * typed text through the prototype's setter, so React's change detection sees a change when the `input` event arrives.
 * @param field the field's element, set by the time layout effects run
 * @param value the controlled value the component rendered (`undefined` for an uncontrolled field: nothing to do)
 */
export function useKeepTypedText(
  field: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  value: string | number | readonly string[] | undefined,
): void {
  useLayoutEffect(() => {
    const element = field.current;
    if (!element || value === undefined || Array.isArray(value)) return;
    const expected = String(value);
    const typed = element.value;
    if (typed === expected) return;
    // React's value tracker, where it watches this field: told the field holds `expected`...
    Object.getOwnPropertyDescriptor(element, 'value')?.set?.call(element, expected);
    // ...then the typed text goes back in past it, so the input event below reads as a change.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')?.set?.call(element, typed);
    element.dispatchEvent(new Event('input', { bubbles: true }));
    // Once, at the first commit: later differences are React's own to reconcile.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
