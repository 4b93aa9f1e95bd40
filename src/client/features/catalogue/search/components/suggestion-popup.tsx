import { Popover } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';

/**
 * The search box's suggestion list, floating under the field (Radix Popover: a portal, so no ancestor's overflow clips
 * it, placed against the field as the page scrolls or resizes). Loaded on demand by CocktailSearchBox the first time its
 * field takes focus, so the positioning code is not part of the home page's first load. The content is presentational:
 * the field keeps focus and the listbox inside belongs to the field's combobox (no dialog role).
 * @param anchor the element the list sits under (the field's wrapper); the list takes its width.
 */
export default function SuggestionPopup({
  anchor,
  children,
}: {
  anchor: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  return (
    <Popover.Root open>
      <Popover.Anchor virtualRef={anchor as RefObject<HTMLElement>} />
      <Popover.Portal>
        <Popover.Content
          role="presentation"
          side="bottom"
          align="start"
          sideOffset={8}
          avoidCollisions={false}
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => event.preventDefault()}
          className="z-50 w-[var(--radix-popper-anchor-width)]"
        >
          {children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
