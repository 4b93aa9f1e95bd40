import { MailCheckIcon, SendIcon } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Spinner } from '@/client/components/ui/spinner';
import { showToast } from '@/client/lib/toast-events';
import { cn } from '@/client/lib/utils';
import { sendMagicLink } from '../api/send-magic-link';
import { isEmailAddress, signInErrorMessage } from '../lib/sign-in-errors';
import { SIGN_IN_TEXT } from '../lib/sign-in-text';

/** The form's states (spec section 4 "Magic-link form": editing, sending, then the confirmation). */
export type MagicLinkPhase = 'editing' | 'sending' | 'sent';

/** Props of {@link MagicLinkForm}. */
export interface MagicLinkFormProps {
  /** The dialog's form needs the age box ticked (spec section 5); when true the button is disabled until it is. */
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
 * The email magic-link form: an email field and 'Send magic link'. The button is disabled while sending, while the field is
 * empty and (with `requireAge`) while the age box is unticked. A malformed address gets the toast 'Email required' /
 * 'Please enter your email address.'; a failure the toast 'Sign-in failed' with the reason (and the reason under the form).
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
  const emailId = useId();
  const errorId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [phase, setPhaseState] = useState<MagicLinkPhase>('editing');
  const [sentTo, setSentTo] = useState('');
  const [error, setError] = useState<string | null>(null);

  const setPhase = (next: MagicLinkPhase) => {
    setPhaseState(next);
    onPhaseChange?.(next);
  };

  const ageMissing = requireAge && !ageConfirmed;
  const disabled = phase === 'sending' || email.trim() === '' || ageMissing;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase === 'sending') return;
    const address = email.trim();
    if (address === '' || !isEmailAddress(address)) {
      showToast({
        title: SIGN_IN_TEXT.emailRequiredTitle,
        description: SIGN_IN_TEXT.emailRequiredBody,
        variant: 'error',
      });
      inputRef.current?.focus();
      return;
    }
    if (ageMissing) {
      showToast({ title: SIGN_IN_TEXT.ageRequiredTitle, description: SIGN_IN_TEXT.ageRequiredBody, variant: 'error' });
      return;
    }
    setError(null);
    setPhase('sending');
    try {
      await sendMagicLink(address);
    } catch (failure) {
      const message = signInErrorMessage(failure);
      setError(message);
      setPhase('editing');
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

  const reset = () => {
    setEmail('');
    setSentTo('');
    setError(null);
    setPhase('editing');
    // The field comes back on the next render; focus it then.
    requestAnimationFrame(() => inputRef.current?.focus());
  };

  if (phase === 'sent') {
    return (
      <div data-testid="magic-link-sent" className={cn('flex flex-col items-center gap-3 py-2 text-center', className)}>
        <span className="flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent ring-1 ring-accent/30">
          <MailCheckIcon className="size-7" aria-hidden="true" />
        </span>
        <div role="status" className="flex flex-col items-center gap-3">
          <h3 className="font-display text-xl font-semibold">{SIGN_IN_TEXT.checkEmail}</h3>
          <p className="max-w-xs text-sm text-muted">
            We sent a sign-in link to <span className="font-medium break-all text-foreground">{sentTo}</span>. It works
            once and expires in 15 minutes.
          </p>
        </div>
        <Button variant="outline" onClick={reset} className="mt-1">
          {SIGN_IN_TEXT.tryDifferentEmail}
        </Button>
      </div>
    );
  }

  const describedBy = [error ? errorId : null, ageMissing ? hintId : null].filter(Boolean).join(' ') || undefined;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={emailId}>Email address</Label>
      <Input
        ref={inputRef}
        id={emailId}
        type="email"
        name="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="you@example.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        readOnly={phase === 'sending'}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
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
          Tick the age confirmation above to get a link.
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-danger-text">
          {error}
        </p>
      ) : null}
    </form>
  );
}
