import { LinkIcon, PrinterIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { showToast } from '@/client/lib/toast-events';
import { useOrigin } from '@/client/lib/use-origin';

/**
 * Print and share: 'Print …' opens the browser's print dialog (the print stylesheet shows only the prep sheet), and
 * 'Copy share link' copies a URL that restores the whole calculation. Where the clipboard is refused, the link is shown
 * in a field to copy by hand. `sharePath` is the link's path and query; the origin is added here, in the leaf: it is only
 * known after hydration (useOrigin), and reading it higher up made the whole calculator render again synchronously
 * right after hydrating.
 */
export function ShareActions({ sharePath, printLabel }: { sharePath: string; printLabel: string }) {
  const id = useId();
  const shareUrl = `${useOrigin()}${sharePath}`;
  const [manual, setManual] = useState(false);
  return (
    <div className="flex flex-col gap-3 print:hidden">
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={() => window.print()}>
          <PrinterIcon aria-hidden="true" />
          {printLabel}
        </Button>
        <Button
          type="button"
          variant="secondary"
          data-share-url={shareUrl}
          onClick={() => {
            const copy = navigator.clipboard?.writeText(shareUrl);
            if (!copy) {
              setManual(true);
              return;
            }
            copy.then(
              () => showToast({ title: 'Link copied', description: 'Anyone who opens it sees this same plan.' }),
              () => setManual(true),
            );
          }}
        >
          <LinkIcon aria-hidden="true" />
          Copy share link
        </Button>
      </div>
      {manual ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={id} className="text-sm font-medium">
            Share link: copy it from here
          </label>
          <Input id={id} readOnly value={shareUrl} onFocus={(event) => event.currentTarget.select()} />
        </div>
      ) : null}
    </div>
  );
}
