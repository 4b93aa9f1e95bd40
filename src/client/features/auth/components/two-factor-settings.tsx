import {
  CheckIcon,
  CopyIcon,
  DownloadIcon,
  KeyRoundIcon,
  ShieldCheckIcon,
  ShieldIcon,
  ShieldOffIcon,
} from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { SettingsPanel } from '@/client/components/ui/settings-panel';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/client/components/ui/form';
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
import { totpVerifyRequestSchema, type TotpVerifyRequest } from '@/shared/schemas/session';
import { TotpCodeInput, totpCodeResolver, twoFactorErrorMessage } from './two-factor-challenge';

/**
 * Draws `text` (an otpauth:// URI) as a QR code image (data: URL, dark on cream, 4-module quiet zone). The qrcode
 * library loads on first use.
 */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const module = (await import('qrcode')) as unknown as {
    default?: typeof import('qrcode');
  } & typeof import('qrcode');
  const QRCode = module.default ?? module;
  return QRCode.toDataURL(text, {
    errorCorrectionLevel: 'M',
    margin: 4,
    width: 224,
    color: { dark: '#1a1208ff', light: '#f6efe4ff' },
  });
}

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

function QrImage({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let active = true;
    qrCodeDataUrl(uri).then(
      (url) => active && setSrc(url),
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
  }, [uri]);
  if (failed) {
    return (
      <p className="flex size-48 items-center justify-center rounded-xl bg-surface-2 p-4 text-center text-sm text-muted">
        The QR code could not be drawn. Enter the key below instead.
      </p>
    );
  }
  if (!src) return <Skeleton className="size-48 rounded-xl" />;
  return (
    <img
      src={src}
      width={192}
      height={192}
      alt="QR code to add Barback to your authenticator app"
      data-testid="totp-qr"
      className="size-48 rounded-xl"
    />
  );
}

/** Props of {@link TotpCodeForm}. */
interface TotpCodeFormProps {
  /** What the form is for, above the field. */
  intro: ReactNode;
  submitLabel: string;
  destructive?: boolean;
  pending: boolean;
  autoFocus?: boolean;
  /** Called with a code the shared schema accepts; `fail` shows a message under the field and empties it. */
  onCode: (code: string, fail: (message: string) => void) => void;
  onCancel: () => void;
  'data-testid'?: string;
}

/**
 * A form asking for a current 6-digit code (checked by the shared verify-totp schema): the submit button is disabled
 * until the code is complete; a refused code says why under the field, which is emptied and focused again.
 */
function TotpCodeForm({
  intro,
  submitLabel,
  destructive = false,
  pending,
  autoFocus = false,
  onCode,
  onCancel,
  'data-testid': testId,
}: TotpCodeFormProps) {
  const form = useForm<TotpVerifyRequest>({
    resolver: totpCodeResolver,
    defaultValues: { code: '' },
    // A wrong code's message stays until the next try, as the person types the new code.
    reValidateMode: 'onSubmit',
  });
  const code = useWatch({ control: form.control, name: 'code' });
  const complete = totpVerifyRequestSchema.safeParse({ code }).success;

  useEffect(() => {
    if (autoFocus) form.setFocus('code');
  }, [autoFocus, form]);

  const fail = (message: string) => {
    form.setValue('code', '');
    form.setError('code', { type: 'server', message }, { shouldFocus: true });
  };

  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit((data) => onCode(data.code, fail))(event)}
        className="flex flex-col gap-3"
        data-testid={testId}
      >
        {intro}
        <FormField
          control={form.control}
          name="code"
          render={({ field }) => (
            <FormItem>
              <FormLabel>6-digit code</FormLabel>
              <FormControl>
                <TotpCodeInput
                  {...field}
                  onValueChange={field.onChange}
                  className="max-w-48 font-mono text-lg tracking-[0.3em] md:text-lg"
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={!complete || pending}>
            {pending ? <Spinner aria-hidden="true" role="presentation" className="text-current" /> : null}
            {submitLabel}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </Form>
  );
}

function BackupCodes({ codes, email, onDone }: { codes: readonly string[]; email: string; onDone: () => void }) {
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
