import { ArrowDownIcon, ArrowUpIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { NativeSelect } from '@/client/components/ui/native-select';
import { cn } from '@/client/lib/utils';
import {
  MAX_MENU_SECTION_ITEMS,
  type MenuAvailability,
  type TeamMenu,
  type TeamMenuItem,
} from '@/shared/schemas/venues';
import { toMenuWrite } from '../api/menu';
import { formatPrice, parsePrice, PRICE_HINT } from '../lib/menu-price';
import { InlineEditor } from './inline-editor';
import { itemFocusKey, moveItem, type Arrange, type ItemControl } from '../lib/menu-arrange';

/** Labels of the availability choices. */
const AVAILABILITY_LABELS: Record<MenuAvailability, string> = {
  auto: 'By inventory',
  off: 'Off by hand',
  on: 'On by hand',
};

/** What guests see for one item, and why. */
function AvailabilityNote({ item }: { item: TeamMenuItem }) {
  if (item.available) {
    return (
      <span className="text-xs text-success">
        {item.availability === 'on' ? 'Available (set by hand)' : 'Available'}
      </span>
    );
  }
  const why =
    item.availability === 'off'
      ? 'set off by hand'
      : item.missing.length > 0
        ? `missing ${item.missing.join(', ')}`
        : 'not covered by the inventory';
  return <span className="text-xs text-danger-text">Unavailable · {why}</span>;
}

/**
 * One cocktail on the menu: what guests see and its availability (any member); for the owner and managers also its
 * price edited in place, moving it up or down in its section or to another section, and taking it off the menu.
 */
export function ItemRow({
  menu,
  sectionIndex,
  itemIndex,
  canEdit,
  isSignature,
  busy,
  arrange,
  focusLater,
  availabilityBusy,
  onAvailability,
  onRemove,
}: {
  menu: TeamMenu;
  sectionIndex: number;
  itemIndex: number;
  canEdit: boolean;
  isSignature: boolean;
  busy: boolean;
  arrange: Arrange;
  focusLater: (keys: string[]) => void;
  availabilityBusy: boolean;
  onAvailability: (availability: MenuAvailability) => void;
  onRemove: () => void;
}) {
  const [editingPrice, setEditingPrice] = useState(false);
  const section = menu.sections[sectionIndex]!;
  const item = section.items[itemIndex]!;
  const name = item.cocktail.name;
  const key = (control: ItemControl) => itemFocusKey(sectionIndex, itemIndex, control);
  const stopEditing = () => {
    setEditingPrice(false);
    focusLater([key('price')]);
  };
  const move = (toSection: number, toItem: number, control: ItemControl) =>
    arrange(moveItem(menu, sectionIndex, itemIndex, toSection, toItem), {
      title: 'Not moved',
      focus: {
        done: [
          itemFocusKey(toSection, toItem, control),
          // At an end of its section the same button is disabled: the other direction then.
          ...(control === 'up' || control === 'down'
            ? [itemFocusKey(toSection, toItem, control === 'up' ? 'down' : 'up')]
            : []),
        ],
        failed: [key(control)],
      },
    });

  return (
    <li className="flex flex-col gap-2 py-2.5 md:flex-row md:items-center md:gap-3">
      <div className="flex min-w-0 flex-col gap-2 md:flex-1">
        <span className="flex flex-col">
          <span className={cn('font-medium break-words', !item.available && 'text-muted')}>
            {name}
            {isSignature ? (
              <Badge variant="accent" className="ml-2 align-middle">
                Signature
              </Badge>
            ) : null}
            {item.priceCents !== null ? (
              <span className="ml-2 text-sm text-muted">{formatPrice(item.priceCents)}</span>
            ) : canEdit ? (
              <span className="ml-2 text-sm text-subtle">No price</span>
            ) : null}
          </span>
          <AvailabilityNote item={item} />
        </span>
        {editingPrice ? (
          <InlineEditor
            initial={item.priceCents === null ? '' : (item.priceCents / 100).toFixed(2)}
            fieldLabel={`Price of ${name}`}
            saveLabel={`Save the price of ${name}`}
            cancelLabel={`Cancel editing the price of ${name}`}
            focusKey={key('price-input')}
            fieldClassName="w-28"
            inputMode="decimal"
            placeholder="$14"
            busy={busy}
            check={(text) => (parsePrice(text) === undefined ? PRICE_HINT : null)}
            onCancel={stopEditing}
            onSave={(text) => {
              const cents = parsePrice(text) ?? null;
              if (cents === item.priceCents) return stopEditing();
              const next = toMenuWrite(menu);
              next.sections[sectionIndex]!.items[itemIndex]!.priceCents = cents;
              arrange(next, {
                title: 'Price not saved',
                focus: { done: [key('price')], failed: [key('price-input')] },
                onDone: () => setEditingPrice(false),
              });
            }}
          />
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 md:shrink-0 md:justify-end">
        <div className="flex items-center gap-1">
          <NativeSelect
            size="sm"
            className="w-36"
            aria-label={`Availability of ${name}`}
            value={item.availability}
            disabled={availabilityBusy}
            onChange={(event) => onAvailability(event.target.value as MenuAvailability)}
          >
            {(['auto', 'off', 'on'] as const).map((choice) => (
              <option key={choice} value={choice}>
                {AVAILABILITY_LABELS[choice]}
              </option>
            ))}
          </NativeSelect>
          {canEdit ? (
            <>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Edit the price of ${name}`}
                data-focus-key={key('price')}
                disabled={busy || editingPrice}
                onClick={() => {
                  setEditingPrice(true);
                  focusLater([key('price-input')]);
                }}
              >
                <PencilIcon aria-hidden="true" />
                Price
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Take ${name} off the menu`}
                disabled={busy}
                onClick={onRemove}
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            </>
          ) : null}
        </div>
        {canEdit ? (
          <div className="flex items-center gap-1">
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Move ${name} up`}
              data-focus-key={key('up')}
              disabled={busy || itemIndex === 0}
              onClick={() => move(sectionIndex, itemIndex - 1, 'up')}
            >
              <ArrowUpIcon aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Move ${name} down`}
              data-focus-key={key('down')}
              disabled={busy || itemIndex === section.items.length - 1}
              onClick={() => move(sectionIndex, itemIndex + 1, 'down')}
            >
              <ArrowDownIcon aria-hidden="true" />
            </Button>
            {menu.sections.length > 1 ? (
              <NativeSelect
                size="sm"
                className="w-36"
                aria-label={`Move ${name} to another section`}
                data-focus-key={key('move-to')}
                value=""
                disabled={busy}
                onChange={(event) => {
                  const to = Number(event.target.value);
                  move(to, menu.sections[to]!.items.length, 'move-to');
                }}
              >
                <option value="" disabled>
                  Move to…
                </option>
                {menu.sections.map((target, index) =>
                  index === sectionIndex ? null : (
                    <option key={target.id} value={index} disabled={target.items.length >= MAX_MENU_SECTION_ITEMS}>
                      {target.title}
                    </option>
                  ),
                )}
              </NativeSelect>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}
