import {
  ArrowDownIcon,
  ArrowUpIcon,
  BookOpenIcon,
  DownloadIcon,
  ExternalLinkIcon,
  PencilIcon,
  PlusIcon,
  QrCodeIcon,
  Trash2Icon,
} from 'lucide-react';
import { Link } from 'react-router';
import { hrefs } from '@/client/config/paths';
import { useEffect, useId, useRef, useState } from 'react';
import { LoadFailed } from '@/client/components/load-failed';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { Skeleton } from '@/client/components/ui/skeleton';
import { ApiError } from '@/client/lib/api-client';
import { showToast } from '@/client/lib/toast-events';
import { cn } from '@/client/lib/utils';
import {
  MAX_MENU_SECTION_ITEMS,
  MAX_MENU_SECTION_TITLE,
  type MenuAvailability,
  type MenuWrite,
  type TeamMenu,
  type TeamMenuItem,
} from '@/shared/schemas/venues';
import { toMenuWrite, useSetAvailability, useTeamMenu, useWriteMenu } from '../api/menu';
import { useSignatures } from '../api/signatures';
import { formatPrice, parsePrice, PRICE_HINT } from '../lib/menu-price';
import { InlineEditor } from './inline-editor';
import { AddItem } from './menu-add-item';

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
 * The editor's controls that get focus back after a write. The list re-renders from the server's answer, whose items
 * and sections have new ids, so a control is found again by its place in the menu (`data-focus-key`), not its element.
 */
type ItemControl = 'up' | 'down' | 'move-to' | 'price' | 'price-input';
type SectionControl = 'up' | 'down' | 'rename' | 'title-input';
const itemFocusKey = (section: number, item: number, control: ItemControl) => `item-${section}-${item}-${control}`;
const sectionFocusKey = (section: number, control: SectionControl) => `section-${section}-${control}`;

/** Writes the whole menu; then focus goes to the first enabled control of `focus.done` (`focus.failed` on an error). */
type Arrange = (
  next: MenuWrite,
  options: { title: string; focus: { done: string[]; failed: string[] }; onDone?: () => void },
) => void;

/** The write of `menu` with the item at (section, item) moved to (toSection, toItem), positions after the move. */
function moveItem(menu: TeamMenu, section: number, item: number, toSection: number, toItem: number): MenuWrite {
  const next = toMenuWrite(menu);
  const [moved] = next.sections[section]!.items.splice(item, 1);
  next.sections[toSection]!.items.splice(toItem, 0, moved!);
  return next;
}

/** The write of `menu` with section `from` moved to index `to`. */
function moveSection(menu: TeamMenu, from: number, to: number): MenuWrite {
  const next = toMenuWrite(menu);
  const [moved] = next.sections.splice(from, 1);
  next.sections.splice(to, 0, moved!);
  return next;
}

/** What is wrong with a section title, or null. */
function titleProblem(text: string): string | null {
  const title = text.trim();
  if (title === '') return 'Give the section a title.';
  if (title.length > MAX_MENU_SECTION_TITLE) return `Section titles are at most ${MAX_MENU_SECTION_TITLE} characters.`;
  return null;
}

/** A section's title, and for the owner and managers: rename it in place, move it up or down, remove it. */
function SectionHeader({
  menu,
  sectionIndex,
  canEdit,
  busy,
  arrange,
  focusLater,
  onRemove,
}: {
  menu: TeamMenu;
  sectionIndex: number;
  canEdit: boolean;
  busy: boolean;
  arrange: Arrange;
  focusLater: (keys: string[]) => void;
  onRemove: () => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const { title } = menu.sections[sectionIndex]!;
  const key = (control: SectionControl) => sectionFocusKey(sectionIndex, control);
  const stopRenaming = () => {
    setRenaming(false);
    focusLater([key('rename')]);
  };
  const move = (to: number) =>
    arrange(moveSection(menu, sectionIndex, to), {
      title: 'Section not moved',
      focus: {
        done: [
          sectionFocusKey(to, to < sectionIndex ? 'up' : 'down'),
          sectionFocusKey(to, to < sectionIndex ? 'down' : 'up'),
        ],
        failed: [key(to < sectionIndex ? 'up' : 'down')],
      },
    });

  if (renaming) {
    return (
      <InlineEditor
        initial={title}
        fieldLabel={`Title of the section ${title}`}
        saveLabel={`Save the title of the section ${title}`}
        cancelLabel={`Cancel renaming the section ${title}`}
        focusKey={key('title-input')}
        fieldClassName="min-w-0 flex-1 basis-48"
        maxLength={MAX_MENU_SECTION_TITLE}
        busy={busy}
        check={titleProblem}
        onCancel={stopRenaming}
        onSave={(text) => {
          if (text.trim() === title) return stopRenaming();
          const next = toMenuWrite(menu);
          next.sections[sectionIndex]!.title = text.trim();
          arrange(next, {
            title: 'Section not renamed',
            focus: { done: [key('rename')], failed: [key('title-input')] },
            onDone: () => setRenaming(false),
          });
        }}
      />
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
      <h3 className="min-w-0 font-display text-lg font-semibold break-words">{title}</h3>
      {canEdit ? (
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Rename the section ${title}`}
            data-focus-key={key('rename')}
            disabled={busy}
            onClick={() => {
              setRenaming(true);
              focusLater([key('title-input')]);
            }}
          >
            <PencilIcon aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Move the section ${title} up`}
            data-focus-key={key('up')}
            disabled={busy || sectionIndex === 0}
            onClick={() => move(sectionIndex - 1)}
          >
            <ArrowUpIcon aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Move the section ${title} down`}
            data-focus-key={key('down')}
            disabled={busy || sectionIndex === menu.sections.length - 1}
            onClick={() => move(sectionIndex + 1)}
          >
            <ArrowDownIcon aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove the section ${title}`}
            disabled={busy}
            onClick={onRemove}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * One cocktail on the menu: what guests see and its availability (any member); for the owner and managers also its
 * price edited in place, moving it up or down in its section or to another section, and taking it off the menu.
 */
function ItemRow({
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

/**
 * The venue's menu for its team: every item with what guests see now (available, or why not) and its availability
 * (by the team inventory, or off/on by hand: any member); the owner and managers also add sections and cocktails (from
 * the catalogue or the venue's signature cocktails) with prices, arrange them (items up, down and to another section;
 * sections up and down), edit prices and section titles in place, and remove them. Every change writes the whole menu.
 */
export function MenuPanel({ userId, slug, canEdit }: { userId: string; slug: string; canEdit: boolean }) {
  const id = useId();
  const menu = useTeamMenu(userId, slug);
  const write = useWriteMenu(userId, slug);
  const setAvailability = useSetAvailability(userId, slug);
  const signatures = useSignatures(userId, slug);
  const signatureIds = new Set(signatures.data?.items.map((signature) => signature.id));
  const [sectionTitle, setSectionTitle] = useState('');
  const panel = useRef<HTMLElement>(null);
  // Controls to focus once the list shows the menu the last write left (see ItemControl): the first enabled one wins.
  const [focusKeys, setFocusKeys] = useState<string[] | null>(null);
  const failed = (title: string) => (error: unknown) =>
    showToast({ title, description: error instanceof ApiError ? error.message : 'Try again.', variant: 'error' });
  const save = (next: MenuWrite, title = 'Menu not saved') => write.mutate(next, { onError: failed(title) });
  const arrange: Arrange = (next, { title, focus, onDone }) =>
    write.mutate(next, {
      onSuccess: () => {
        onDone?.();
        setFocusKeys(focus.done);
      },
      onError: (error) => {
        setFocusKeys(focus.failed);
        failed(title)(error);
      },
    });

  useEffect(() => {
    if (!focusKeys || write.isPending) return;
    const root = panel.current;
    const active = document.activeElement;
    // Only when focus is still in the panel, or was dropped with the re-rendered control: never taken from elsewhere.
    if (root && (!active || active === document.body || root.contains(active))) {
      const target = focusKeys
        .map((key) => root.querySelector<HTMLElement>(`[data-focus-key="${key}"]`))
        .find((element) => element && !element.matches(':disabled'));
      target?.focus();
    }
    setFocusKeys(null);
  }, [focusKeys, write.isPending, menu.data]);

  return (
    <section
      ref={panel}
      aria-labelledby="menu-title"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 shadow-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="menu-title" className="flex items-center gap-2 font-display text-xl font-semibold">
          <BookOpenIcon aria-hidden="true" className="size-5 text-accent" />
          Menu
        </h2>
        <div className="flex flex-wrap gap-1">
          <Button asChild variant="ghost" size="sm">
            <Link to={hrefs.publicMenu(slug)} target="_blank" rel="noopener">
              <ExternalLinkIcon aria-hidden="true" />
              Guest menu
            </Link>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <Link to={hrefs.tableCard(slug)}>
              <QrCodeIcon aria-hidden="true" />
              Table card
            </Link>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <a href={`/api/venues/${encodeURIComponent(slug)}/qr/png?download=1`} download>
              <DownloadIcon aria-hidden="true" />
              QR PNG
            </a>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <a href={`/api/venues/${encodeURIComponent(slug)}/qr/svg?download=1`} download>
              <DownloadIcon aria-hidden="true" />
              QR SVG
            </a>
          </Button>
        </div>
      </div>
      {menu.isPending ? (
        <Skeleton className="h-32 w-full rounded-xl" />
      ) : menu.isError ? (
        <LoadFailed
          variant="banner"
          message="The menu could not be loaded."
          onRetry={() => void menu.refetch()}
          retrying={menu.isFetching}
        />
      ) : (
        <>
          {menu.data.sections.length === 0 ? (
            <p className="rounded-xl border border-dashed border-border-strong p-5 text-sm text-muted">
              {canEdit
                ? 'No menu yet. Start with a section, then add cocktails to it.'
                : 'No menu yet: the owner or a manager sets it up.'}
            </p>
          ) : null}
          {menu.data.sections.map((section, sectionIndex) => (
            <div key={section.id} className="flex flex-col gap-2">
              <SectionHeader
                menu={menu.data}
                sectionIndex={sectionIndex}
                canEdit={canEdit}
                busy={write.isPending}
                arrange={arrange}
                focusLater={setFocusKeys}
                onRemove={() => {
                  const next = toMenuWrite(menu.data);
                  next.sections.splice(sectionIndex, 1);
                  save(next);
                }}
              />
              {section.items.length === 0 ? (
                <p className="text-sm text-muted">No cocktails in this section yet.</p>
              ) : null}
              <ul className="flex flex-col divide-y divide-border" aria-label={`${section.title} cocktails`}>
                {section.items.map((item, itemIndex) => (
                  <ItemRow
                    key={item.id}
                    menu={menu.data}
                    sectionIndex={sectionIndex}
                    itemIndex={itemIndex}
                    canEdit={canEdit}
                    isSignature={signatureIds.has(item.cocktail.id)}
                    busy={write.isPending}
                    arrange={arrange}
                    focusLater={setFocusKeys}
                    availabilityBusy={setAvailability.isPending}
                    onAvailability={(availability) =>
                      setAvailability.mutate({ itemId: item.id, availability }, { onError: failed('Not changed') })
                    }
                    onRemove={() => {
                      const next = toMenuWrite(menu.data);
                      next.sections[sectionIndex]!.items.splice(itemIndex, 1);
                      save(next);
                    }}
                  />
                ))}
              </ul>
            </div>
          ))}
          {canEdit ? (
            <div className="flex flex-col gap-4 border-t border-border pt-4">
              {menu.data.sections.length > 0 ? (
                <AddItem
                  userId={userId}
                  slug={slug}
                  menu={menu.data}
                  onAdd={(next, done) => write.mutate(next, { onSuccess: done, onError: failed('Not added') })}
                  busy={write.isPending}
                />
              ) : null}
              <form
                className="flex items-end gap-2"
                onSubmit={(event) => {
                  event.preventDefault();
                  const title = sectionTitle.trim();
                  if (!title) return;
                  const next = toMenuWrite(menu.data);
                  next.sections.push({ title, items: [] });
                  write.mutate(next, { onSuccess: () => setSectionTitle(''), onError: failed('Section not added') });
                }}
              >
                <div className="flex flex-1 flex-col gap-1.5">
                  <label htmlFor={`${id}-section`} className="text-sm font-medium">
                    New section
                  </label>
                  <Input
                    id={`${id}-section`}
                    value={sectionTitle}
                    maxLength={MAX_MENU_SECTION_TITLE}
                    placeholder="Signatures, Classics, Zero-proof…"
                    onChange={(event) => setSectionTitle(event.target.value)}
                  />
                </div>
                <Button type="submit" variant="secondary" disabled={!sectionTitle.trim() || write.isPending}>
                  <PlusIcon aria-hidden="true" />
                  Add section
                </Button>
              </form>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
