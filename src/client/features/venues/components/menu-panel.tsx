import { BookOpenIcon, DownloadIcon, ExternalLinkIcon, PlusIcon, QrCodeIcon, Trash2Icon } from 'lucide-react';
import { Link } from 'react-router';
import { hrefs } from '@/client/config/paths';
import { useDeferredValue, useId, useState } from 'react';
import { Combobox, matchCount } from '@/client/components/combobox';
import { LoadFailed } from '@/client/components/load-failed';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { Skeleton } from '@/client/components/ui/skeleton';
import { ApiError } from '@/client/lib/api-client';
import { foldText } from '@/client/lib/ingredients';
import { showToast } from '@/client/lib/toast-events';
import { cn } from '@/client/lib/utils';
import {
  MAX_MENU_SECTION_TITLE,
  type MenuAvailability,
  type MenuWrite,
  type Signature,
  type TeamMenu,
  type TeamMenuItem,
} from '@/shared/schemas/venues';
import { toMenuWrite, useCocktailSearch, useSetAvailability, useTeamMenu, useWriteMenu } from '../api/menu';
import { useSignatures } from '../api/signatures';

/** Labels of the availability choices. */
const AVAILABILITY_LABELS: Record<MenuAvailability, string> = {
  auto: 'By inventory',
  off: 'Off by hand',
  on: 'On by hand',
};

/** '$14.00' from cents; '' for no price. */
function formatPrice(cents: number | null): string {
  return cents === null ? '' : `$${(cents / 100).toFixed(2)}`;
}

/** Cents from what the editor typed ('14', '14.5', '$14.50'); null for empty; undefined when it is not a price. */
function parsePrice(text: string): number | null | undefined {
  const cleaned = text.trim().replace(/^\$/, '');
  if (cleaned === '') return null;
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(cleaned)) return undefined;
  return Math.round(Number(cleaned) * 100);
}

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

/** Most of the venue's signature cocktails the picker offers for one text (before the catalogue's matches). */
const MAX_SIGNATURE_MATCHES = 5;

/** The venue's signature cocktails whose name holds `text` (accent- and case-insensitive), those starting with it first. */
function matchingSignatures(signatures: readonly Signature[], text: string): Signature[] {
  const q = foldText(text);
  if (!q) return [];
  return signatures
    .map((signature) => ({ signature, name: foldText(signature.name) }))
    .filter(({ name }) => name.includes(q))
    .sort((a, b) => Number(!a.name.startsWith(q)) - Number(!b.name.startsWith(q)) || a.name.localeCompare(b.name))
    .slice(0, MAX_SIGNATURE_MATCHES)
    .map(({ signature }) => signature);
}

/**
 * The editor's 'add a cocktail' row: a picker over the venue's signature cocktails (first, marked 'Signature') and the
 * catalogue, a price and the section it goes to.
 */
function AddItem({
  userId,
  slug,
  menu,
  onAdd,
  busy,
}: {
  userId: string;
  slug: string;
  menu: TeamMenu;
  onAdd: (write: MenuWrite) => void;
  busy: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [price, setPrice] = useState('');
  const [section, setSection] = useState(0);
  const query = useDeferredValue(text);
  const found = useCocktailSearch(query);
  const signatures = useSignatures(userId, slug);
  const ownMatches = matchingSignatures(signatures.data?.items ?? [], text);
  const ownIds = new Set(ownMatches.map((signature) => signature.id));
  const options = [
    ...ownMatches.map((signature) => ({
      key: `signature-${signature.id}`,
      label: `${signature.name} (Signature)`,
      value: { id: signature.id, name: signature.name },
      content: (
        <>
          <span className="font-medium">{signature.name}</span>
          <Badge variant="accent">Signature</Badge>
        </>
      ),
    })),
    ...(found.data?.items ?? [])
      .filter((cocktail) => !ownIds.has(cocktail.id))
      .map((cocktail) => ({
        key: `catalogue-${cocktail.id}`,
        label: cocktail.name,
        value: { id: cocktail.id, name: cocktail.name },
        content: <span className="font-medium">{cocktail.name}</span>,
      })),
  ];
  const priceCents = parsePrice(price);
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_7rem_10rem] sm:items-end">
      <Combobox
        label="Add a cocktail"
        placeholder="Negroni, Paloma…"
        text={text}
        onText={setText}
        options={options}
        busy={found.isFetching}
        disabled={busy}
        emptyText={`No cocktail matches “${text.trim()}”`}
        statusText={matchCount(options.length)}
        onPick={(cocktail) => {
          const write = toMenuWrite(menu);
          const target = write.sections[Math.min(section, write.sections.length - 1)];
          if (!target) return;
          target.items.push({ cocktailId: cocktail.id, priceCents: priceCents ?? null, availability: 'auto' });
          onAdd(write);
          setPrice('');
        }}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-price`} className="text-sm font-medium">
          Price
        </label>
        <Input
          id={`${id}-price`}
          inputMode="decimal"
          placeholder="$14"
          value={price}
          aria-invalid={priceCents === undefined}
          onChange={(event) => setPrice(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-section`} className="text-sm font-medium">
          Section
        </label>
        <NativeSelect id={`${id}-section`} value={section} onChange={(event) => setSection(Number(event.target.value))}>
          {menu.sections.map((s, index) => (
            <option key={s.id} value={index}>
              {s.title}
            </option>
          ))}
        </NativeSelect>
      </div>
      {priceCents === undefined ? (
        <p role="alert" className="text-sm text-danger-text sm:col-span-3">
          Write the price like 14 or 14.50.
        </p>
      ) : null}
    </div>
  );
}

/**
 * The venue's menu for its team: every item with what guests see now (available, or why not) and its availability
 * (by the team inventory, or off/on by hand: any member); the owner and managers also add sections and cocktails (from
 * the catalogue or the venue's signature cocktails) with prices, and remove them.
 */
export function MenuPanel({ userId, slug, canEdit }: { userId: string; slug: string; canEdit: boolean }) {
  const id = useId();
  const menu = useTeamMenu(userId, slug);
  const write = useWriteMenu(userId, slug);
  const setAvailability = useSetAvailability(userId, slug);
  const signatures = useSignatures(userId, slug);
  const signatureIds = new Set(signatures.data?.items.map((signature) => signature.id));
  const [sectionTitle, setSectionTitle] = useState('');
  const failed = (title: string) => (error: unknown) =>
    showToast({ title, description: error instanceof ApiError ? error.message : 'Try again.', variant: 'error' });
  const save = (next: MenuWrite, title = 'Menu not saved') => write.mutate(next, { onError: failed(title) });

  return (
    <section
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
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-display text-lg font-semibold">{section.title}</h3>
                {canEdit ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove the section ${section.title}`}
                    disabled={write.isPending}
                    onClick={() => {
                      const next = toMenuWrite(menu.data);
                      next.sections.splice(sectionIndex, 1);
                      save(next);
                    }}
                  >
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                ) : null}
              </div>
              {section.items.length === 0 ? (
                <p className="text-sm text-muted">No cocktails in this section yet.</p>
              ) : null}
              <ul className="flex flex-col divide-y divide-border" aria-label={`${section.title} cocktails`}>
                {section.items.map((item, itemIndex) => (
                  <li key={item.id} className="flex flex-wrap items-center gap-3 py-2.5">
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className={cn('font-medium break-words', !item.available && 'text-muted')}>
                        {item.cocktail.name}
                        {signatureIds.has(item.cocktail.id) ? (
                          <Badge variant="accent" className="ml-2 align-middle">
                            Signature
                          </Badge>
                        ) : null}
                        {item.priceCents !== null ? (
                          <span className="ml-2 text-sm text-muted">{formatPrice(item.priceCents)}</span>
                        ) : null}
                      </span>
                      <AvailabilityNote item={item} />
                    </span>
                    <NativeSelect
                      size="sm"
                      className="w-36"
                      aria-label={`Availability of ${item.cocktail.name}`}
                      value={item.availability}
                      disabled={setAvailability.isPending}
                      onChange={(event) =>
                        setAvailability.mutate(
                          { itemId: item.id, availability: event.target.value as MenuAvailability },
                          { onError: failed('Not changed') },
                        )
                      }
                    >
                      {(['auto', 'off', 'on'] as const).map((choice) => (
                        <option key={choice} value={choice}>
                          {AVAILABILITY_LABELS[choice]}
                        </option>
                      ))}
                    </NativeSelect>
                    {canEdit ? (
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Take ${item.cocktail.name} off the menu`}
                        disabled={write.isPending}
                        onClick={() => {
                          const next = toMenuWrite(menu.data);
                          next.sections[sectionIndex]!.items.splice(itemIndex, 1);
                          save(next);
                        }}
                      >
                        <Trash2Icon aria-hidden="true" />
                      </Button>
                    ) : null}
                  </li>
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
                  onAdd={(next) => save(next, 'Not added')}
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
