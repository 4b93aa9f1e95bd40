import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheckIcon, SendIcon } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useForm, useWatch, type Control, type FieldErrors, type Path, type Resolver } from 'react-hook-form';
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
import { showToast } from '@/client/lib/toast-events';
import { cn } from '@/client/lib/utils';
import { magicLinkRequestSchema, type MagicLinkRequest, type MagicLinkRequestInput } from '@/shared/schemas/session';
import { MAX_EMAIL_LENGTH } from '@/shared/schemas/support';
import { sendMagicLink } from '../api/send-magic-link';
import { signInErrorMessage } from '../lib/sign-in-errors';
import { SIGN_IN_TEXT } from '../lib/sign-in-text';

/**
 * The form's own words: the field's label and the reasons shown under it (the toasts keep the texts of docs/product.md,
 * Error messages).
 */
export const MAGIC_LINK_TEXT = {
  emailLabel: 'Email address',
  emailRequired: 'Enter your email address to get a link.',
  emailInvalid: 'Enter a valid email address, like you@example.com.',
  emailTooLong: `Email addresses are at most ${MAX_EMAIL_LENGTH} characters.`,
  ageHint: 'Tick the age confirmation above to get a link.',
} as const;

/** How the email field's refusals read, by zod issue code (the recovery form uses the same). */
export const EMAIL_FIELD_MESSAGES = {
  invalid_type: MAGIC_LINK_TEXT.emailRequired,
  too_small: MAGIC_LINK_TEXT.emailRequired,
  too_big: MAGIC_LINK_TEXT.emailTooLong,
  invalid_format: MAGIC_LINK_TEXT.emailInvalid,
} as const;

/**
 * The email field of the sign-in forms: label 'Email address', an email keyboard, autofill, no capitalization or spell
 * check; read-only while `busy`; the refusal under it. `describedBy` adds ids of other texts about it.
 */
export function EmailFormField<T extends { email: string }>({
  control,
  busy,
  describedBy,
}: {
  control: Control<T>;
  busy: boolean;
  describedBy?: string;
}) {
  return (
    <FormField
      control={control}
      name={'email' as Path<T>}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{MAGIC_LINK_TEXT.emailLabel}</FormLabel>
          <FormControl aria-describedby={describedBy}>
            <Input
              {...field}
              value={field.value as string}
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="you@example.com"
              readOnly={busy}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/**
 * The confirmation a sign-in form shows once its email is sent: a mail icon, `title` and the text (announced as a status),
 * then `action` (start over, or go back).
 */
export function EmailSentNotice({
  testId,
  title,
  action,
  className,
  children,
}: {
  testId: string;
  title: string;
  action: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div data-testid={testId} className={cn('flex flex-col items-center gap-3 py-2 text-center', className)}>
      <span className="flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent ring-1 ring-accent/30">
        <MailCheckIcon className="size-7" aria-hidden="true" />
      </span>
      <div role="status" className="flex flex-col items-center gap-3">
        <h3 className="font-display text-xl font-semibold">{title}</h3>
        <p className="max-w-xs text-sm text-muted">{children}</p>
      </div>
      {action}
    </div>
  );
}

/**
 * The shared schema (a valid email, the age box ticked), its refusals worded for the page. Typed for the form's values,
 * where the box may be unticked (false is what the schema refuses).
 */
const magicLinkResolver = withFieldMessages(
  zodResolver(magicLinkRequestSchema) as Resolver<MagicLinkRequestInput, unknown, MagicLinkRequest>,
  { email: EMAIL_FIELD_MESSAGES, ageConfirmed: () => MAGIC_LINK_TEXT.ageHint },
);

/** The form's states (docs/product.md, States, "Magic-link form": editing, sending, then the confirmation). */
export type MagicLinkPhase = 'editing' | 'sending' | 'sent';

/** Props of {@link MagicLinkForm}. */
export interface MagicLinkFormProps {
  /**
   * The dialog's form needs the age box ticked (docs/product.md, Validation); when true the button is disabled until it
   * is.
   */
  requireAge?: boolean;
  /** Whether the age box (owned by the caller) is ticked. */
  ageConfirmed?: boolean;
  /** Called once the link was sent, with the address. */
  onSent?: (email: string) => void;
  /** Called when the phase changes (the dialog hides the other options while the confirmation shows). */
  onPhaseChange?: (phase: MagicLinkPhase) => void;
  className?: string;
}

/**
 * The email magic-link form: an email field and 'Send magic link', checked by the shared `magicLinkRequestSchema` (the age
 * box, owned by the caller, is part of it). The button is disabled while sending, while the field is empty and (with
 * `requireAge`) while the age box is unticked. A malformed address gets the toast 'Email required' / 'Please enter your
 * email address.', the reason under the field and the focus; a failure the toast 'Sign-in failed' with the reason (and the
 * reason under the form; under the field when the server refused the address).
 * Once sent it shows 'Check your email' with the address and 'Try a different email', which empties the field and goes back
 * to editing.
 */
export function MagicLinkForm({
  requireAge = false,
  ageConfirmed = true,
  onSent,
  onPhaseChange,
  className,
}: MagicLinkFormProps) {
  const errorId = useId();
  const hintId = useId();
  const [phase, setPhaseState] = useState<MagicLinkPhase>('editing');
  const [sentTo, setSentTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ageOk = !requireAge || ageConfirmed;
  const form = useForm<MagicLinkRequestInput, unknown, MagicLinkRequest>({
    resolver: magicLinkResolver,
    defaultValues: { email: '', ageConfirmed: ageOk },
  });
  const email = useWatch({ control: form.control, name: 'email' });

  const setPhase = (next: MagicLinkPhase) => {
    setPhaseState(next);
    onPhaseChange?.(next);
  };

  const ageMissing = !ageOk;
  const disabled = phase === 'sending' || email.trim() === '' || ageMissing;

  const onInvalid = (errors: FieldErrors<MagicLinkRequestInput>) => {
    // react-hook-form has moved focus to the email field when it is the one refused.
    if (errors.email) {
      showToast({
        title: SIGN_IN_TEXT.emailRequiredTitle,
        description: SIGN_IN_TEXT.emailRequiredBody,
        variant: 'error',
      });
    } else if (errors.ageConfirmed) {
      showToast({ title: SIGN_IN_TEXT.ageRequiredTitle, description: SIGN_IN_TEXT.ageRequiredBody, variant: 'error' });
    }
  };

  const onValid = async ({ email: address }: MagicLinkRequest) => {
    setError(null);
    setPhase('sending');
    try {
      await sendMagicLink(address);
    } catch (failure) {
      const message = signInErrorMessage(failure);
      setPhase('editing');
      if ((failure as { status?: unknown } | null)?.status === 400) {
        form.setError('email', { type: 'server', message }, { shouldFocus: true });
      } else {
        setError(message);
      }
      showToast({ title: SIGN_IN_TEXT.failedTitle, description: message, variant: 'error' });
      return;
    }
    setSentTo(address);
    setPhase('sent');
    showToast({
      title: SIGN_IN_TEXT.checkEmail,
      description: `We sent a sign-in link to ${address}.`,
      variant: 'success',
    });
    onSent?.(address);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (phase === 'sending') {
      event.preventDefault();
      return;
    }
    // The age box lives in the caller: hand its state to the schema with the email.
    form.setValue('ageConfirmed', ageOk);
    void form.handleSubmit(onValid, onInvalid)(event);
  };

  const reset = () => {
    form.reset({ email: '', ageConfirmed: ageOk });
    setSentTo('');
    setError(null);
    setPhase('editing');
    // The field comes back on the next render; focus it then.
    requestAnimationFrame(() => form.setFocus('email'));
  };

  if (phase === 'sent') {
    return (
      <EmailSentNotice
        testId="magic-link-sent"
        title={SIGN_IN_TEXT.checkEmail}
        action={
          <Button variant="outline" onClick={reset} className="mt-1">
            {SIGN_IN_TEXT.tryDifferentEmail}
          </Button>
        }
        className={className}
      >
        We sent a sign-in link to <span className="font-medium break-all text-foreground">{sentTo}</span>. It works once
        and expires in 15 minutes.
      </EmailSentNotice>
    );
  }

  const describedBy = [error ? errorId : null, ageMissing ? hintId : null].filter(Boolean).join(' ') || undefined;

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} className={cn('flex flex-col gap-2', className)}>
        <EmailFormField control={form.control} busy={phase === 'sending'} describedBy={describedBy} />
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={disabled}>
          {phase === 'sending' ? (
            <>
              <Spinner aria-hidden="true" role="presentation" className="text-current" />
              Sending link…
            </>
          ) : (
            <>
              <SendIcon aria-hidden="true" />
              Send magic link
            </>
          )}
        </Button>
        {ageMissing ? (
          <p id={hintId} className="text-xs text-muted">
            {MAGIC_LINK_TEXT.ageHint}
          </p>
        ) : null}
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-danger-text">
            {error}
          </p>
        ) : null}
      </form>
    </Form>
  );
}
