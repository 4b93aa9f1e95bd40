import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeftIcon, LifeBuoyIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/client/components/ui/button';
import { Form, withFieldMessages } from '@/client/components/ui/form';
import { Spinner } from '@/client/components/ui/spinner';
import { recoveryEmailSchema, type RecoveryEmailRequest } from '@/shared/schemas/session';
import { sendRecoveryEmail } from '../api/send-recovery-email';
import { signInErrorMessage } from '../lib/sign-in-errors';
import { EMAIL_FIELD_MESSAGES, EmailFormField, EmailSentNotice } from './magic-link-form';

/** Texts of the recovery form. */
export const RECOVERY_FORM_TEXT = {
  title: 'Trouble signing in?',
  description: 'Get a recovery link by email.',
  intro:
    'Lost access to Google or Facebook, or your magic links don’t arrive? We’ll email a recovery link to the address on your account. It signs you in and takes you to your security settings.',
  submit: 'Send recovery link',
  sending: 'Sending…',
  sentTitle: 'Check your email',
  sent: (email: string) =>
    `If an account uses ${email}, a recovery link is on its way. It works once and expires in 15 minutes.`,
  back: 'Back to sign in',
} as const;

const recoveryResolver = withFieldMessages(zodResolver(recoveryEmailSchema), { email: EMAIL_FIELD_MESSAGES });

/**
 * 'Trouble signing in?': an email field checked by the shared `recoveryEmailSchema` and 'Send recovery link'
 * (`POST /api/session/recovery`). The answer never says whether an account exists: the confirmation reads 'If an account
 * uses …'. A refusal (too many requests, mail server down, offline) shows its reason under the form and keeps the address.
 * `onBack` returns to the sign-in options.
 */
export function RecoveryForm({ onBack }: { onBack: () => void }) {
  const errorId = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const form = useForm<RecoveryEmailRequest>({ resolver: recoveryResolver, defaultValues: { email: '' } });
  // The link that opened this form is gone: the field takes the focus.
  useEffect(() => form.setFocus('email'), [form]);

  const onValid = async ({ email }: RecoveryEmailRequest) => {
    setError(null);
    setSending(true);
    try {
      await sendRecoveryEmail(email);
      setSentTo(email);
    } catch (failure) {
      const message = signInErrorMessage(failure);
      if ((failure as { status?: unknown } | null)?.status === 400) {
        form.setError('email', { type: 'server', message }, { shouldFocus: true });
      } else {
        setError(message);
      }
    } finally {
      setSending(false);
    }
  };

  const back = (
    <Button variant="ghost" onClick={onBack} className="self-center">
      <ArrowLeftIcon aria-hidden="true" />
      {RECOVERY_FORM_TEXT.back}
    </Button>
  );

  if (sentTo !== null) {
    return (
      <EmailSentNotice testId="recovery-sent" title={RECOVERY_FORM_TEXT.sentTitle} action={back}>
        {RECOVERY_FORM_TEXT.sent(sentTo)}
      </EmailSentNotice>
    );
  }

  return (
    <div data-testid="recovery-form" className="flex flex-col gap-4">
      <div className="flex items-start gap-3 rounded-xl border border-border-strong bg-surface-2 p-3.5">
        <LifeBuoyIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
        <p className="text-sm leading-snug text-muted">{RECOVERY_FORM_TEXT.intro}</p>
      </div>
      <Form {...form}>
        <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} className="flex flex-col gap-2">
          <EmailFormField control={form.control} busy={sending} describedBy={error ? errorId : undefined} />
          <Button type="submit" size="lg" className="mt-1 w-full" disabled={sending}>
            {sending ? (
              <>
                <Spinner aria-hidden="true" role="presentation" className="text-current" />
                {RECOVERY_FORM_TEXT.sending}
              </>
            ) : (
              RECOVERY_FORM_TEXT.submit
            )}
          </Button>
          {error ? (
            <p id={errorId} role="alert" className="text-sm text-danger-text">
              {error}
            </p>
          ) : null}
        </form>
      </Form>
      {back}
    </div>
  );
}
