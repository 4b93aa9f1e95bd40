import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CloudOffIcon, HardDriveIcon, LoaderCircleIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/dialog';
import { SettingsPanel } from '@/client/components/ui/settings-panel';
import { clearOfflineData, readOfflineData, type OfflineDataSummary } from '@/client/lib/offline/offline-data';
import { subscribeWriteQueue } from '@/client/lib/offline/write-queue';
import { showToast } from '@/client/lib/toast-events';

/** Texts of Settings' 'Offline data' (docs/product.md, "Offline"). */
export const OFFLINE_DATA_TEXT = {
  title: 'Offline data',
  description: 'What this device keeps so Barback works with no signal: what you open, save and change.',
  clear: 'Clear offline data',
  confirmTitle: 'Clear offline data?',
  confirmPending: (count: number) =>
    `${count === 1 ? '1 change' : `${count} changes`} made offline ${count === 1 ? 'has' : 'have'} not reached your account yet. Clearing now loses ${count === 1 ? 'it' : 'them'}.`,
  confirmPlain: 'Recipes and lists will need the network again until you open them once more.',
  cancel: 'Keep it',
  confirm: 'Clear',
  cleared: 'Offline data cleared',
} as const;

const queryKey = ['device', 'offline-data'] as const;

/** `bytes` in words: '812 kB', '3.4 MB' (decimal units, as storage settings show them). */
export function formatStorage(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** The rows of the summary: label and value. */
function rows(summary: OfflineDataSummary): [string, string][] {
  return [
    ['Recipes', String(summary.recipes)],
    ['Lists and pages', String(summary.answers - summary.recipes)],
    ['Photos', String(summary.photos)],
    ['Changes waiting to sync', String(summary.pendingWrites)],
    ['Space used on this device', summary.bytes === null ? 'Not known' : formatStorage(summary.bytes)],
    ['Kept when storage runs low', summary.persisted ? 'Yes' : 'Not promised'],
  ];
}

/**
 * Settings' 'Offline data': what this device keeps for offline use (recipes, lists, photos, changes waiting to sync) and
 * the space it takes, with 'Clear offline data'. Clearing with changes still waiting asks first. Recounted when the
 * write queue changes.
 */
export function OfflineDataPanel() {
  const client = useQueryClient();
  const summary = useQuery({ queryKey, queryFn: readOfflineData, staleTime: 0 });
  const [confirming, setConfirming] = useState(false);
  const clear = useMutation({
    mutationFn: clearOfflineData,
    onSuccess: () => {
      setConfirming(false);
      showToast({ title: OFFLINE_DATA_TEXT.cleared, variant: 'success' });
    },
    onSettled: () => void client.invalidateQueries({ queryKey }),
  });
  useEffect(() => subscribeWriteQueue(() => void client.invalidateQueries({ queryKey })), [client]);

  const pending = summary.data?.pendingWrites ?? 0;
  return (
    <SettingsPanel title={OFFLINE_DATA_TEXT.title} description={OFFLINE_DATA_TEXT.description} testId="offline-data">
      <dl className="grid text-sm sm:grid-cols-2 sm:gap-x-8">
        {(summary.data ? rows(summary.data) : rows(EMPTY)).map(([label, value]) => (
          <div
            key={label}
            data-testid="offline-data-row"
            className="flex items-baseline justify-between gap-4 border-b border-border/60 py-2"
          >
            <dt className="text-muted">{label}</dt>
            <dd className="text-right font-medium tabular-nums" aria-busy={summary.isPending}>
              {summary.isPending ? <span className="text-subtle">…</span> : value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-2 text-sm text-muted">
          <HardDriveIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Signing out clears it too.
        </p>
        <Button
          variant="secondary"
          className="self-start sm:self-center"
          disabled={clear.isPending || summary.isPending}
          onClick={() => (pending > 0 ? setConfirming(true) : clear.mutate())}
        >
          {clear.isPending ? (
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
          ) : (
            <Trash2Icon aria-hidden="true" />
          )}
          {OFFLINE_DATA_TEXT.clear}
        </Button>
      </div>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <div className="flex size-11 items-center justify-center rounded-full bg-destructive-soft text-danger-text">
              <CloudOffIcon aria-hidden="true" className="size-6" />
            </div>
            <DialogTitle>{OFFLINE_DATA_TEXT.confirmTitle}</DialogTitle>
            <DialogDescription>
              {OFFLINE_DATA_TEXT.confirmPending(pending)} {OFFLINE_DATA_TEXT.confirmPlain}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">{OFFLINE_DATA_TEXT.cancel}</Button>
            </DialogClose>
            <Button variant="destructive" onClick={() => clear.mutate()} disabled={clear.isPending}>
              {OFFLINE_DATA_TEXT.confirm}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </SettingsPanel>
  );
}

const EMPTY: OfflineDataSummary = {
  answers: 0,
  recipes: 0,
  photos: 0,
  pendingWrites: 0,
  bytes: null,
  persisted: false,
};
