import { CheckIcon, CopyIcon, DownloadIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { showToast } from '@/client/lib/toast-events';

/**
 * The backup codes shown once after enrolment or regeneration, for {@link TwoFactorSettings} (two-factor-settings.tsx):
 * copy and download.
 */

/** The backup codes as a small text file for download. */
export function backupCodesFile(codes: readonly string[], email: string): string {
  return [
    'Barback two-factor backup codes',
    `Account: ${email}`,
    'Each code works once. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');
}

export function BackupCodes({ codes, email, onDone }: { codes: readonly string[]; email: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
      showToast({ title: 'Backup codes copied', variant: 'success' });
    } catch {
      showToast({ title: 'Could not copy', description: 'Select the codes and copy them by hand.', variant: 'error' });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([backupCodesFile(codes, email)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'barback-backup-codes.txt';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="flex flex-col gap-4" data-testid="backup-codes">
      <div>
        <h3 className="font-semibold">Save your backup codes</h3>
        <p className="mt-1 text-sm text-muted">
          If you lose your phone, each of these codes signs you in once. Store them somewhere safe: they are shown only
          now.
        </p>
      </div>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-2 rounded-xl border border-border bg-surface-2 p-4 font-mono text-sm sm:grid-cols-3"
      >
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button variant="secondary" onClick={download}>
          <DownloadIcon aria-hidden="true" />
          Download
        </Button>
        <Button onClick={onDone} className="sm:ml-auto">
          Done
        </Button>
      </div>
    </div>
  );
}
