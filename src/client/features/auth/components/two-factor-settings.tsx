import { BackupCodes } from './two-factor-backup-codes';
import { QrImage, TotpCodeForm } from './two-factor-enrolment';
import { CheckIcon, CopyIcon, KeyRoundIcon, ShieldCheckIcon, ShieldIcon, ShieldOffIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { SettingsPanel } from '@/client/components/ui/settings-panel';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Spinner } from '@/client/components/ui/spinner';
import { showToast } from '@/client/lib/toast-events';
import { useSession } from '@/client/lib/session';
import {
  formatSecret,
  totpSecretFromUri,
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRegenerateBackupCodes,
  type TwoFactorEnrolment,
} from '../api/two-factor';
import { signInErrorMessage } from '../lib/sign-in-errors';
import { twoFactorErrorMessage } from './two-factor-challenge';

type Phase =
  | { kind: 'idle' }
  | { kind: 'enrolling'; enrolment: TwoFactorEnrolment }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disabling' }
  | { kind: 'regenerating' };

/**
 * Settings section "Two-factor authentication" (TOTP, better-auth's twoFactor plugin):
 * - off: 'Turn on two-factor' creates a secret and shows its QR code (drawn by the qrcode library, loaded now) and the key
 *   for manual entry; a code from the app confirms it, then the backup codes are shown once with Copy and Download;
 * - on: 'New backup codes' and 'Turn off' each ask for a current code first (the server checks it in the same request).
 * From then on every sign-in (email link, Google, Facebook) asks for a code.
 */
export function TwoFactorSettings() {
  const session = useSession();
  const enable = useEnableTwoFactor();
  const confirm = useConfirmTwoFactor();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateBackupCodes();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [copiedKey, setCopiedKey] = useState(false);

  const enabled = session.user?.twoFactorEnabled === true;
  const email = session.user?.email ?? '';

  const reset = (next: Phase = { kind: 'idle' }) => {
    setPhase(next);
    setCopiedKey(false);
  };

  const startEnrolment = () =>
    enable.mutate(undefined, {
      onSuccess: (enrolment) => reset({ kind: 'enrolling', enrolment }),
      onError: (failure) =>
        showToast({
          title: 'Could not start two-factor set-up',
          description: signInErrorMessage(failure),
          variant: 'error',
        }),
    });

  const submitConfirm = (code: string, fail: (message: string) => void, enrolment: TwoFactorEnrolment) =>
    confirm.mutate(code, {
      onSuccess: () => {
        reset({ kind: 'codes', codes: enrolment.backupCodes });
        showToast({ title: 'Two-factor is on', description: 'Sign-ins now ask for a code.', variant: 'success' });
      },
      onError: (failure) => fail(twoFactorErrorMessage(failure, 'totp').message),
    });

  const submitDisable = (code: string, fail: (message: string) => void) =>
    disable.mutate(code, {
      onSuccess: () => {
        reset();
        showToast({ title: 'Two-factor is off', variant: 'success' });
      },
      onError: (failure) => fail(twoFactorErrorMessage(failure, 'totp').message),
    });

  const submitNewCodes = (code: string, fail: (message: string) => void) =>
    regenerate.mutate(code, {
      onSuccess: (codes) => reset({ kind: 'codes', codes }),
      onError: (failure) => fail(twoFactorErrorMessage(failure, 'totp').message),
    });

  const copyKey = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopiedKey(true);
    } catch {
      setCopiedKey(false);
    }
  };

  let body: ReactNode;
  if (session.status === 'loading') {
    body = <Skeleton className="h-10 w-48" />;
  } else if (phase.kind === 'codes') {
    body = <BackupCodes codes={phase.codes} email={email} onDone={() => reset()} />;
  } else if (phase.kind === 'enrolling') {
    const secret = totpSecretFromUri(phase.enrolment.totpURI);
    body = (
      <div className="flex flex-col gap-5" data-testid="two-factor-enrol">
        <ol className="flex flex-col gap-5 text-sm">
          <li className="flex flex-col gap-3">
            <p>
              <span className="font-semibold">1. Scan this code</span>{' '}
              <span className="text-muted">with an authenticator app (1Password, Google Authenticator, Authy…).</span>
            </p>
            <QrImage uri={phase.enrolment.totpURI} />
          </li>
          <li className="flex flex-col gap-2">
            <p>
              <span className="font-semibold">2. Or enter this key</span>{' '}
              <span className="text-muted">by hand (time-based, 6 digits).</span>
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <code
                data-testid="totp-secret"
                className="rounded-lg border border-border bg-surface-2 px-3 py-2 font-mono text-sm break-all select-all"
              >
                {formatSecret(secret)}
              </code>
              <Button variant="ghost" size="sm" onClick={() => void copyKey(secret)}>
                {copiedKey ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
                {copiedKey ? 'Copied' : 'Copy key'}
              </Button>
            </div>
          </li>
          <li>
            <TotpCodeForm
              intro={<p className="font-semibold">3. Enter the code the app shows</p>}
              submitLabel="Verify and turn on"
              pending={confirm.isPending}
              onCode={(code, fail) => submitConfirm(code, fail, phase.enrolment)}
              onCancel={() => reset()}
            />
          </li>
        </ol>
      </div>
    );
  } else if (phase.kind === 'disabling') {
    body = (
      <TotpCodeForm
        data-testid="two-factor-disable"
        intro={
          <p className="text-sm text-muted">Enter a current code from your authenticator app to turn two-factor off.</p>
        }
        submitLabel="Turn off two-factor"
        destructive
        autoFocus
        pending={disable.isPending}
        onCode={submitDisable}
        onCancel={() => reset()}
      />
    );
  } else if (phase.kind === 'regenerating') {
    body = (
      <TotpCodeForm
        data-testid="two-factor-new-codes"
        intro={
          <p className="text-sm text-muted">
            Enter a current code from your authenticator app to replace your backup codes. The old ones stop working.
          </p>
        }
        submitLabel="Create new backup codes"
        autoFocus
        pending={regenerate.isPending}
        onCode={submitNewCodes}
        onCancel={() => reset()}
      />
    );
  } else if (enabled) {
    body = (
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-sm">
          <ShieldCheckIcon className="size-5 shrink-0 text-success" aria-hidden="true" />
          Every sign-in asks for a code from your authenticator app.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="secondary" size="sm" onClick={() => reset({ kind: 'regenerating' })}>
            <KeyRoundIcon aria-hidden="true" />
            New backup codes
          </Button>
          <Button variant="outline" size="sm" onClick={() => reset({ kind: 'disabling' })}>
            <ShieldOffIcon aria-hidden="true" />
            Turn off
          </Button>
        </div>
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">
          Add a second step to every sign-in: a 6-digit code from an authenticator app on your phone.
        </p>
        <Button onClick={startEnrolment} disabled={enable.isPending} className="shrink-0">
          {enable.isPending ? (
            <Spinner aria-hidden="true" role="presentation" className="text-current" />
          ) : (
            <ShieldIcon aria-hidden="true" />
          )}
          Turn on two-factor
        </Button>
      </div>
    );
  }

  return (
    <SettingsPanel
      title="Two-factor authentication"
      testId="two-factor-settings"
      aside={
        session.status === 'loading' ? null : (
          <Badge variant={enabled ? 'accent' : 'outline'} data-testid="two-factor-status">
            {enabled ? 'On' : 'Off'}
          </Badge>
        )
      }
    >
      {body}
    </SettingsPanel>
  );
}
