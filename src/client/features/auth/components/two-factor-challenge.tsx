import { KeyRoundIcon, ShieldCheckIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Spinner } from '@/client/components/ui/spinner';
import { verifyBackupCode, verifyTotp } from '../api/two-factor';

/** Length of a TOTP code (better-auth's default: 6 digits every 30 s, RFC 6238). */
export const TOTP_DIGITS = 6;

/** The message for a failed second-factor check, from the error's code. */
export function twoFactorErrorMessage(error: unknown, mode: 'totp' | 'backup'): { message: string; expired: boolean } {
  const { code, authCode, message } = (error ?? {}) as { code?: unknown; authCode?: unknown; message?: unknown };
  switch (authCode ?? code) {
    case 'INVALID_CODE':
      return { message: 'That code did not work. Check your authenticator app and try again.', expired: false };
    case 'INVALID_BACKUP_CODE':
      return { message: 'That backup code did not work. Each backup code works only once.', expired: false };
    case 'INVALID_TWO_FACTOR_COOKIE':
      return { message: 'This sign-in has expired. Please sign in again.', expired: true };
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      return { message: 'Too many wrong codes. Please sign in again.', expired: true };
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      return {
        message: typeof message === 'string' ? message : 'Too many failed attempts. Try again later.',
        expired: true,
      };
    case 'NETWORK_ERROR':
      return { message: 'The server could not be reached. Check your connection and try again.', expired: false };
    default:
      return {
        message:
          mode === 'totp'
            ? 'The code could not be checked. Please try again.'
            : 'The backup code could not be checked. Please try again.',
        expired: false,
      };
  }
}

/** Props of {@link TwoFactorChallenge}. */
export interface TwoFactorChallengeProps {
  /** Called once the code was accepted (the server has set the session cookie). */
  onVerified: () => void;
  /** Called when the waiting sign-in can no longer finish (expired, locked): the page offers to start again. */
  onExpired?: (message: string) => void;
}

/**
 * The second step of a sign-in for a user with two-factor on (the callback URL carries `?twoFactor=1`): a 6-digit code
 * from the authenticator app (`POST /api/auth/two-factor/verify-totp`), or one of the backup codes
 * (`verify-backup-code`). Wrong codes say so under the field and keep the form.
 */
export function TwoFactorChallenge({ onVerified, onExpired }: TwoFactorChallengeProps) {
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<'totp' | 'backup'>('totp');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => inputRef.current?.focus(), [mode]);

  const complete = mode === 'totp' ? code.length === TOTP_DIGITS : code.trim().length >= 4;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!complete || pending) return;
    setPending(true);
    setError(null);
    try {
      if (mode === 'totp') await verifyTotp(code);
      else await verifyBackupCode(code);
    } catch (failure) {
      const { message, expired } = twoFactorErrorMessage(failure, mode);
      setPending(false);
      if (expired && onExpired) {
        onExpired(message);
        return;
      }
      setError(message);
      setCode('');
      inputRef.current?.focus();
      return;
    }
    onVerified();
  };

  const switchMode = () => {
    setMode(mode === 'totp' ? 'backup' : 'totp');
    setCode('');
    setError(null);
  };

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      data-testid="two-factor-challenge"
      className="mx-auto flex w-full max-w-md flex-col items-center rounded-3xl border border-border bg-surface px-6 py-10 text-center shadow-card md:mt-8 md:px-10"
    >
      <span className="mb-5 flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent ring-1 ring-accent/30">
        {mode === 'totp' ? (
          <ShieldCheckIcon className="size-7" aria-hidden="true" />
        ) : (
          <KeyRoundIcon className="size-7" aria-hidden="true" />
        )}
      </span>
      <h1 id={`${inputId}-title`} className="font-display text-2xl font-semibold md:text-3xl">
        Two-factor authentication
      </h1>
      <p className="mt-3 text-sm text-muted md:text-base">
        {mode === 'totp'
          ? 'Enter the 6-digit code from your authenticator app to finish signing in.'
          : 'Enter one of the backup codes you saved when you turned on two-factor.'}
      </p>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 flex w-full flex-col gap-2 text-left">
        <Label htmlFor={inputId}>{mode === 'totp' ? 'Authentication code' : 'Backup code'}</Label>
        {mode === 'totp' ? (
          <Input
            ref={inputRef}
            id={inputId}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={TOTP_DIGITS}
            placeholder="123456"
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, TOTP_DIGITS))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="h-12 text-center font-mono text-2xl tracking-[0.5em] md:text-2xl"
          />
        ) : (
          <Input
            ref={inputRef}
            id={inputId}
            name="backup-code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="xxxxx-xxxxx"
            value={code}
            onChange={(event) => setCode(event.target.value.trim())}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="h-12 text-center font-mono text-lg"
          />
        )}
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-danger-text">
            {error}
          </p>
        ) : null}
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={!complete || pending}>
          {pending ? <Spinner aria-hidden="true" role="presentation" className="text-current" /> : null}
          {pending ? 'Checking…' : 'Verify'}
        </Button>
      </form>
      <Button variant="link" size="sm" className="mt-4" onClick={switchMode}>
        {mode === 'totp' ? 'Use a backup code instead' : 'Use your authenticator app instead'}
      </Button>
    </section>
  );
}
