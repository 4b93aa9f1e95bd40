import { DownloadIcon, FileUpIcon, LoaderCircleIcon } from 'lucide-react';
import { useRef } from 'react';
import { SettingsPanel } from '@/client/components/ui/settings-panel';
import { Button } from '@/client/components/ui/button';
import { ApiError } from '@/client/lib/api-client';
import type { AccountImportPart } from '@/shared/schemas/export';
import { exportHref, useRestoreAccount } from '../api/account-data';

/** The export formats offered, with what each is for. */
const FORMATS = [
  { format: 'json', label: 'Barback backup (.zip)', hint: 'Everything, with photos: restores here.' },
  { format: 'md', label: 'Recipe book (Markdown)', hint: 'Your recipes to read or print.' },
  { format: 'csv', label: 'Spreadsheet (CSV)', hint: 'One row per recipe line.' },
  { format: 'jsonld', label: 'Recipe pages (JSON-LD)', hint: 'schema.org Recipes.' },
  { format: 'bar-assistant', label: 'Bar Assistant (.zip)', hint: 'A datapack Bar Assistant reads.' },
] as const;

/** The parts of an account, in words: one, and many. */
const PART_NAMES: Record<AccountImportPart, [string, string]> = {
  recipes: ['recipe', 'recipes'],
  favorites: ['saved cocktail', 'saved cocktails'],
  bar: ['bottle', 'bottles'],
  shoppingList: ['shopping list item', 'shopping list items'],
  swaps: ['swap', 'swaps'],
  made: ['drink made', 'drinks made'],
  collections: ['collection', 'collections'],
  notes: ['note', 'notes'],
  ratings: ['rating', 'ratings'],
};

/**
 * Settings' 'Your data': download the whole account in a format others read, or restore a Barback backup into this
 * account (nothing already here is changed; what the plan does not keep is listed as refused).
 */
export function AccountDataPanel({ userId }: { userId: string }) {
  const restore = useRestoreAccount(userId);
  const input = useRef<HTMLInputElement>(null);
  const result = restore.data;
  const restored = result
    ? Object.entries(result.restored)
        .filter(([, count]) => count > 0)
        .map(([part, count]) => `${count} ${PART_NAMES[part as AccountImportPart][count === 1 ? 0 : 1]}`)
    : [];
  return (
    <SettingsPanel title="Your data" description="Take everything with you, or bring a backup back.">
      <ul className="grid gap-2 sm:grid-cols-2" aria-label="Download your data">
        {FORMATS.map(({ format, label, hint }) => (
          <li key={format}>
            <a
              href={exportHref(format)}
              download
              className="flex h-full items-start gap-3 rounded-xl border border-border bg-surface-2/40 p-3 outline-none hover:border-border-strong focus-visible:outline-2 focus-visible:outline-ring"
            >
              <DownloadIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
              <span className="flex flex-col">
                <span className="text-sm font-medium">{label}</span>
                <span className="text-xs text-muted">{hint}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 border-t border-border pt-4">
        <Button
          variant="secondary"
          className="self-start"
          aria-disabled={restore.isPending || undefined}
          onClick={() => {
            if (!restore.isPending) input.current?.click();
          }}
        >
          {restore.isPending ? (
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
          ) : (
            <FileUpIcon aria-hidden="true" />
          )}
          {restore.isPending ? 'Restoring…' : 'Restore a Barback backup'}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".zip,.json,application/zip,application/json"
          aria-label="Barback backup file"
          tabIndex={-1}
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) restore.mutate(file);
          }}
        />
        {restore.isError ? (
          <p role="alert" className="text-sm text-danger-text">
            {restore.error instanceof ApiError ? restore.error.message : 'The backup could not be restored. Try again.'}
          </p>
        ) : null}
        {result ? (
          <div role="status" className="flex flex-col gap-1 text-sm">
            <p className="font-medium">
              {restored.length > 0
                ? `Restored ${restored.join(', ')}.`
                : 'Nothing new: this account already holds it all.'}
            </p>
            {result.refusals.length > 0 ? (
              <ul className="flex flex-col gap-0.5 text-muted">
                {result.refusals.map((refusal, at) => (
                  <li key={at}>
                    {refusal.name ? `${refusal.name}: ` : `${PART_NAMES[refusal.part][1]}: `}
                    {refusal.reason}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
    </SettingsPanel>
  );
}
