import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRoundIcon, ShieldCheckIcon } from 'lucide-react';
import { useEffect, useId, useState, type ComponentProps } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/client/components/ui/button';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  withFieldMessages,
} from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { Spinner } from '@/client/components/ui/spinner';
import { emitAuthEvent } from '@/client/lib/auth-events';
import {
  TOTP_DIGITS,
  backupCodeVerifyRequestSchema,
  totpVerifyRequestSchema,
  type TotpVerifyRequest,
} from '@/shared/schemas/session';
import { verifyBackupCode, verifyTotp } from '../api/two-factor';

/** Length of a TOTP code (the shared schema's; re-exported for the settings' forms). */
export { TOTP_DIGITS };

/** The words shown under a code field that the shared schemas refuse (the submit button is disabled until they pass). */
export const CODE_FIELD_TEXT = {
  totp: `Enter the ${TOTP_DIGITS}-digit code from your authenticator app.`,
  backup: 'Enter one of your backup codes.',
} as const;

/** The shared verify-totp schema, its refusals worded for the page. */
export const totpCodeResolver = withFieldMessages(zodResolver(totpVerifyRequestSchema), {
  code: () => CODE_FIELD_TEXT.totp,
});
const backupCodeResolver = withFieldMessages(zodResolver(backupCodeVerifyRequestSchema), {
  code: () => CODE_FIELD_TEXT.backup,
});

/** A code typed into a TOTP field: digits only, at most {@link TOTP_DIGITS} ('11-11-11' -> '111111'). */
export function totpDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, TOTP_DIGITS);
}

/**
 * The 6-digit TOTP field: numeric keyboard, the platform's one-time-code autofill, digits only (`onValueChange` gets
 * {@link totpDigits} of what was typed). Other props (react-hook-form's field, ids and aria from FormControl) pass on.
 */
export function TotpCodeInput({
  onValueChange,
  ...props
}: Omit<ComponentProps<typeof Input>, 'onChange'> & { onValueChange: (code: string) => void }) {
  return (
    <Input
      {...props}
      onChange={(event) => onValueChange(totpDigits(event.target.value))}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={TOTP_DIGITS}
      placeholder="123456"
    />
  );
}

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
  /** Called once the code was accepted (the server has set the session cookie), after MFA_CHALLENGE_VERIFIED is emitted. */
  onVerified: () => void;
  /** Called when the waiting sign-in can no longer finish (expired, locked): the page offers to start again. */
  onExpired?: (message: string) => void;
}

/**
 * The second step of a sign-in for a user with two-factor on (the callback URL carries `?twoFactor=1`): a 6-digit code
 * from the authenticator app (`POST /api/auth/two-factor/verify-totp`), or one of the backup codes
 * (`verify-backup-code`), each checked by its shared request schema first. Wrong codes say so under the field, empty it
 * and focus it again. An accepted code emits the auth event MFA_CHALLENGE_VERIFIED, then calls `onVerified`.
 */
export function TwoFactorChallenge({ onVerified, onExpired }: TwoFactorChallengeProps) {
  const titleId = useId();
  const [mode, setMode] = useState<'totp' | 'backup'>('totp');

  return (
    <section
      aria-labelledby={titleId}
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
      <h1 id={titleId} className="font-display text-2xl font-semibold md:text-3xl">
        Two-factor authentication
      </h1>
      <p className="mt-3 text-sm text-muted md:text-base">
        {mode === 'totp'
          ? 'Enter the 6-digit code from your authenticator app to finish signing in.'
          : 'Enter one of the backup codes you saved when you turned on two-factor.'}
      </p>
      {/* A fresh form (empty, no error) for each kind of code. */}
      <ChallengeForm key={mode} mode={mode} onVerified={onVerified} onExpired={onExpired} />
      <Button variant="link" size="sm" className="mt-4" onClick={() => setMode(mode === 'totp' ? 'backup' : 'totp')}>
        {mode === 'totp' ? 'Use a backup code instead' : 'Use your authenticator app instead'}
      </Button>
    </section>
  );
}

/** The code form of {@link TwoFactorChallenge} for one kind of code; focuses its field when it appears. */
function ChallengeForm({ mode, onVerified, onExpired }: TwoFactorChallengeProps & { mode: 'totp' | 'backup' }) {
  const form = useForm<TotpVerifyRequest>({
    resolver: mode === 'totp' ? totpCodeResolver : backupCodeResolver,
    defaultValues: { code: '' },
    // A wrong code's message stays until the next try, as the person types the new code.
    reValidateMode: 'onSubmit',
  });
  const code = useWatch({ control: form.control, name: 'code' });
  const complete = (mode === 'totp' ? totpVerifyRequestSchema : backupCodeVerifyRequestSchema).safeParse({
    code,
  }).success;
  const pending = form.formState.isSubmitting;

  useEffect(() => form.setFocus('code'), [form]);

  const onValid = async ({ code: checked }: TotpVerifyRequest) => {
    try {
      if (mode === 'totp') await verifyTotp(checked);
      else await verifyBackupCode(checked);
    } catch (failure) {
      const { message, expired } = twoFactorErrorMessage(failure, mode);
      if (expired && onExpired) {
        onExpired(message);
        return;
      }
      form.setValue('code', '');
      form.setError('code', { type: 'server', message }, { shouldFocus: true });
      return;
    }
    // Before the session is read: the sign-in's SIGNED_IN follows (docs/product.md, States, auth events).
    emitAuthEvent('MFA_CHALLENGE_VERIFIED', null);
    onVerified();
  };

  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit(onValid)(event)}
        className="mt-6 flex w-full flex-col gap-2 text-left"
      >
        <FormField
          control={form.control}
          name="code"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{mode === 'totp' ? 'Authentication code' : 'Backup code'}</FormLabel>
              <FormControl>
                {mode === 'totp' ? (
                  <TotpCodeInput
                    {...field}
                    onValueChange={field.onChange}
                    className="h-12 text-center font-mono text-2xl tracking-[0.5em] md:text-2xl"
                  />
                ) : (
                  <Input
                    {...field}
                    onChange={(event) => field.onChange(event.target.value.trim())}
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
                    placeholder="xxxxx-xxxxx"
                    className="h-12 text-center font-mono text-lg"
                  />
                )}
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={!complete || pending}>
          {pending ? <Spinner aria-hidden="true" role="presentation" className="text-current" /> : null}
          {pending ? 'Checking…' : 'Verify'}
        </Button>
      </form>
    </Form>
  );
}
