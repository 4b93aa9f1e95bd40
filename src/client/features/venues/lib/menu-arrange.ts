import type { MenuWrite, TeamMenu } from '@/shared/schemas/venues';
import { toMenuWrite } from '../api/menu';

/**
 * The editor's controls that get focus back after a write. The list re-renders from the server's answer, whose items
 * and sections have new ids, so a control is found again by its place in the menu (`data-focus-key`), not its element.
 */
export type ItemControl = 'up' | 'down' | 'move-to' | 'price' | 'price-input';
export type SectionControl = 'up' | 'down' | 'rename' | 'title-input';
export const itemFocusKey = (section: number, item: number, control: ItemControl) =>
  `item-${section}-${item}-${control}`;
export const sectionFocusKey = (section: number, control: SectionControl) => `section-${section}-${control}`;

/** Writes the whole menu; then focus goes to the first enabled control of `focus.done` (`focus.failed` on an error). */
export type Arrange = (
  next: MenuWrite,
  options: { title: string; focus: { done: string[]; failed: string[] }; onDone?: () => void },
) => void;

/** The write of `menu` with the item at (section, item) moved to (toSection, toItem), positions after the move. */
export function moveItem(menu: TeamMenu, section: number, item: number, toSection: number, toItem: number): MenuWrite {
  const next = toMenuWrite(menu);
  const [moved] = next.sections[section]!.items.splice(item, 1);
  next.sections[toSection]!.items.splice(toItem, 0, moved!);
  return next;
}

/** The write of `menu` with section `from` moved to index `to`. */
export function moveSection(menu: TeamMenu, from: number, to: number): MenuWrite {
  const next = toMenuWrite(menu);
  const [moved] = next.sections.splice(from, 1);
  next.sections.splice(to, 0, moved!);
  return next;
}
