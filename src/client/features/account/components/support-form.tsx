import { CheckCircle2Icon, SendIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Spinner } from '@/client/components/ui/spinner';
import { ApiError } from '@/client/lib/api-client';
import { cn } from '@/client/lib/utils';
import { useSendSupportMessage } from '../api/send-support-message';

/** Texts of the Contact Support form. */
export const SUPPORT_TEXT = {
  title: 'Contact Support',
  description: 'A question, an idea or something not working? Write to us and we will answer by email.',
  emailLabel: 'Your email',
  messageLabel: 'Message',
  messagePlaceholder: 'How can we help?',
  send: 'Send message',
  sending: 'Sending…',
  sent: 'Sent',
  /** Shown for 3 s after the server has the message (mailed to support or only stored: it was received either way). */
  success: 'Thank you! We received your message and will reply by email.',
  rateLimited: 'You have sent several messages in a short time. Please wait a while before sending another one.',
  offline:
    'Your message could not be sent because the server could not be reached. Check your connection and try again.',
  failed: 'Your message could not be sent. Please try again.',
} as const;

/** How long the success message stays before the form resets (spec section 9: support success message 3 s), ms. */
export const SUPPORT_SENT_MS = 3000;
/** Longest message the server accepts, characters. */
export const SUPPORT_MESSAGE_MAX = 5000;

/** The sentence shown for a failed send. */
function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return SUPPORT_TEXT.rateLimited;
    if (error.code === 'NETWORK_ERROR') return SUPPORT_TEXT.offline;
    if (error.status === 400 && error.message) return `${SUPPORT_TEXT.failed} (${error.message})`;
  }
  return SUPPORT_TEXT.failed;
}

/** The form's phase (spec section 4 "Support form": idle, sending, sent). */
export type SupportFormPhase = 'idle' | 'sending' | 'sent';

/**
 * The Contact Support form (spec sections 2, 4, 5 and 9): email (type email, prefilled) and a 4-row message, both required:
 * the submit button is disabled, and submitting is refused, while either is empty. Sending posts to `POST /api/support`
 * with `page`; once the server has the message the form shows a success message for 3 s and then resets (message
 * emptied, email back to `defaultEmail`). A refused or failed send keeps what was typed and says why (rate limit,
 * offline, other).
 */
export function SupportForm({ defaultEmail, page }: { defaultEmail: string; page: string }) {
  const id = useId();
  const [email, setEmail] = useState(defaultEmail);
  const [message, setMessage] = useState('');
  const [phase, setPhase] = useState<SupportFormPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const { mutate } = useSendSupportMessage();
  const complete = email.trim() !== '' && message.trim() !== '';
  const busy = phase !== 'idle';

  useEffect(() => {
    if (phase !== 'sent') return;
    const timer = setTimeout(() => {
      const focusWasOnSubmit = document.activeElement === submitRef.current;
      setMessage('');
      setEmail(defaultEmail);
      setPhase('idle');
      // The submit button is disabled again once the message is empty: keep keyboard focus in the form.
      if (focusWasOnSubmit) messageRef.current?.focus();
    }, SUPPORT_SENT_MS);
    return () => clearTimeout(timer);
  }, [phase, defaultEmail]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !complete) return;
    setError(null);
    setPhase('sending');
    mutate(
      { email: email.trim(), message: message.trim(), page },
      {
        onSuccess: () => setPhase('sent'),
        onError: (failure) => {
          setPhase('idle');
          setError(failureText(failure));
        },
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      className="flex flex-col gap-4"
    >
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-title`} className="font-display text-lg font-semibold leading-tight">
          {SUPPORT_TEXT.title}
        </h2>
        <p id={`${id}-description`} className="text-sm text-muted">
          {SUPPORT_TEXT.description}
        </p>
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-email`}>{SUPPORT_TEXT.emailLabel}</Label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          readOnly={busy}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-message`}>{SUPPORT_TEXT.messageLabel}</Label>
        <textarea
          ref={messageRef}
          id={`${id}-message`}
          name="message"
          rows={4}
          required
          maxLength={SUPPORT_MESSAGE_MAX}
          readOnly={busy}
          placeholder={SUPPORT_TEXT.messagePlaceholder}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          className="w-full min-w-0 resize-y rounded-lg border border-border-strong bg-surface-2 px-3 py-2 text-base text-foreground shadow-[inset_0_1px_2px_rgb(0_0_0/0.3)] transition-[border-color] outline-none placeholder:text-subtle focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/70 md:text-sm"
        />
      </div>

      {error ? (
        <p
          role="alert"
          className="rounded-lg border border-destructive/50 bg-destructive-soft px-3 py-2 text-sm text-danger-text"
        >
          {error}
        </p>
      ) : null}

      <div className="flex flex-wrap items-center gap-3">
        <Button
          ref={submitRef}
          type="submit"
          disabled={!complete && phase === 'idle'}
          aria-disabled={busy || undefined}
          className={cn(
            'min-w-40',
            phase === 'sent' && 'bg-success text-accent-foreground hover:bg-success aria-disabled:opacity-100',
          )}
        >
          {phase === 'sending' ? (
            <>
              <Spinner aria-hidden="true" role="presentation" className="text-accent-foreground" />
              {SUPPORT_TEXT.sending}
            </>
          ) : phase === 'sent' ? (
            <>
              <CheckCircle2Icon aria-hidden="true" />
              {SUPPORT_TEXT.sent}
            </>
          ) : (
            <>
              <SendIcon aria-hidden="true" />
              {SUPPORT_TEXT.send}
            </>
          )}
        </Button>
        <p role="status" className={cn('text-sm text-success', phase !== 'sent' && 'sr-only')}>
          {phase === 'sent' ? SUPPORT_TEXT.success : ''}
        </p>
      </div>
    </form>
  );
}
