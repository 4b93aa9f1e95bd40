import { BookOpenIcon, DownloadIcon, ExternalLinkIcon, PlusIcon, QrCodeIcon } from 'lucide-react';
import { Link } from 'react-router';
import { hrefs } from '@/client/config/paths';
import { useEffect, useId, useRef, useState } from 'react';
import { LoadFailed } from '@/client/components/load-failed';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Skeleton } from '@/client/components/ui/skeleton';
import { ApiError } from '@/client/lib/api-client';
import { showToast } from '@/client/lib/toast-events';
import { MAX_MENU_SECTION_TITLE, type MenuWrite } from '@/shared/schemas/venues';
import { toMenuWrite, useSetAvailability, useTeamMenu, useWriteMenu } from '../api/menu';
import { useSignatures } from '../api/signatures';
import type { Arrange } from '../lib/menu-arrange';
import { ItemRow } from './menu-item-row';
import { SectionHeader } from './menu-section-header';
import { AddItem } from './menu-add-item';

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
