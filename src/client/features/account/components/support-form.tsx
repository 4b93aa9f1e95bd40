import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2Icon, SendIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/client/components/ui/button';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  withFieldMessages,
} from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { Spinner } from '@/client/components/ui/spinner';
import { ApiError } from '@/client/lib/api-client';
import { cn } from '@/client/lib/utils';
import { MAX_EMAIL_LENGTH, MAX_SUPPORT_MESSAGE_LENGTH, supportMessageSchema } from '@/shared/schemas/support';
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
  /** The same for an Enterprise customer, whose message is answered first. */
  prioritySuccess:
    'Thank you! Your message is marked priority: as an Enterprise customer you will hear from us within one business day.',
  rateLimited: 'You have sent several messages in a short time. Please wait a while before sending another one.',
  offline:
    'Your message could not be sent because the server could not be reached. Check your connection and try again.',
  failed: 'Your message could not be sent. Please try again.',
  /** Field errors, shown under the field on a refused submit (the rules are the shared schema's). */
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address, like name@example.com.',
  emailTooLong: `Please enter an email address of at most ${MAX_EMAIL_LENGTH} characters.`,
  messageRequired: 'Please write your message.',
  messageTooLong: `Your message is too long: please keep it to ${MAX_SUPPORT_MESSAGE_LENGTH.toLocaleString('en')} characters or fewer.`,
  /** The count under the message once it nears the limit: '4,812 / 5,000 characters'. */
  count: (used: number) =>
    `${used.toLocaleString('en')} / ${MAX_SUPPORT_MESSAGE_LENGTH.toLocaleString('en')} characters`,
} as const;

/**
 * How long the success message stays before the form resets (docs/product.md, Constants and limits: support success
 * message 3 s), ms.
 */
export const SUPPORT_SENT_MS = 3000;
/** The count under the message shows from this share of the limit on. */
const COUNT_FROM = 0.9;

/** The fields this form edits: the shared request schema's email and message (the page comes from the caller). */
const supportFormSchema = supportMessageSchema.pick({ email: true, message: true });
type SupportFormValues = z.input<typeof supportFormSchema>;
type SupportFormData = z.output<typeof supportFormSchema>;

/** The shared schema decides what is valid; these are the words shown for each refusal. */
const supportResolver = withFieldMessages(zodResolver(supportFormSchema), {
  email: {
    invalid_type: SUPPORT_TEXT.emailRequired,
    too_small: SUPPORT_TEXT.emailRequired,
    too_big: SUPPORT_TEXT.emailTooLong,
    invalid_format: SUPPORT_TEXT.emailInvalid,
  },
  message: {
    invalid_type: SUPPORT_TEXT.messageRequired,
    too_small: SUPPORT_TEXT.messageRequired,
    too_big: SUPPORT_TEXT.messageTooLong,
  },
});

/** The sentence shown for a failed send. */
function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return SUPPORT_TEXT.rateLimited;
    if (error.code === 'NETWORK_ERROR') return SUPPORT_TEXT.offline;
    if (error.status === 400 && error.message) return `${SUPPORT_TEXT.failed} (${error.message})`;
  }
  return SUPPORT_TEXT.failed;
}

/** The form's phase (docs/product.md, States, "Support form": idle, sending, sent). */
export type SupportFormPhase = 'idle' | 'sending' | 'sent';

const textareaClass =
  'w-full min-w-0 resize-y rounded-lg border border-border-strong bg-surface-2 px-3 py-2 text-base text-foreground shadow-[inset_0_1px_2px_rgb(0_0_0/0.3)] transition-[border-color] outline-none placeholder:text-subtle focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/70 aria-invalid:border-destructive md:text-sm';

/**
 * The Contact Support form (docs/product.md: Screens, States, Validation, Constants and limits): email (type email,
 * prefilled) and a 4-row message, both required: the submit button is disabled, and submitting is refused, while either
 * is empty. The shared `supportMessageSchema` checks both (a valid address; a message of at most 5000 characters after
 * trimming); a refused submit says why under the field and moves focus to it. Sending posts to `POST /api/support` with
 * `page`; once the server has the message the form shows a success message for 3 s and then resets (message emptied,
 * email back to `defaultEmail`). A refused or failed send keeps what was typed and says why (rate limit, offline,
 * other).
 */
export function SupportForm({
  defaultEmail,
  page,
  defaultMessage = '',
}: {
  defaultEmail: string;
  page: string;
  /** Text the message starts with (e.g. an Enterprise enquiry); empty by default. */
  defaultMessage?: string;
}) {
  const id = useId();
  const [phase, setPhase] = useState<SupportFormPhase>('idle');
  const [priority, setPriority] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const messageRef = useRef<HTMLTextAreaElement | null>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const sendingRef = useRef(false);
  const { mutate } = useSendSupportMessage();
  const form = useForm<SupportFormValues, unknown, SupportFormData>({
    resolver: supportResolver,
    defaultValues: { email: defaultEmail, message: defaultMessage },
  });
  const [email = '', message = ''] = useWatch({ control: form.control, name: ['email', 'message'] });
  const complete = email.trim() !== '' && message.trim() !== '';
  const busy = phase !== 'idle';
  const used = message.trim().length;

  useEffect(() => {
    if (phase !== 'sent') return;
    const timer = setTimeout(() => {
      const focusWasOnSubmit = document.activeElement === submitRef.current;
      form.reset({ email: defaultEmail, message: defaultMessage });
      setPhase('idle');
      // The submit button is disabled again once the message is empty: keep keyboard focus in the form.
      if (focusWasOnSubmit) messageRef.current?.focus();
    }, SUPPORT_SENT_MS);
    return () => clearTimeout(timer);
  }, [phase, defaultEmail, defaultMessage, form]);

  const onValid = (data: SupportFormData) => {
    if (sendingRef.current) return;
    sendingRef.current = true;
    setError(null);
    setPhase('sending');
    mutate(
      { email: data.email, message: data.message, page },
      {
        onSuccess: (receipt) => {
          setPriority(receipt.priority === 'priority');
          setPhase('sent');
        },
        onError: (failure) => {
          setPhase('idle');
          setError(failureText(failure));
        },
        onSettled: () => {
          sendingRef.current = false;
        },
      },
    );
  };

  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={(event) => {
          if (busy) {
            event.preventDefault();
            return;
          }
          void form.handleSubmit(onValid)(event);
        }}
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

        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{SUPPORT_TEXT.emailLabel}</FormLabel>
              <FormControl>
                <Input {...field} type="email" autoComplete="email" required readOnly={busy} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />

        <FormField
          control={form.control}
          name="message"
          render={({ field: { ref, ...field } }) => (
            <FormItem>
              <FormLabel>{SUPPORT_TEXT.messageLabel}</FormLabel>
              <FormControl>
                <textarea
                  {...field}
                  ref={(element) => {
                    ref(element);
                    messageRef.current = element;
                  }}
                  rows={4}
                  required
                  readOnly={busy}
                  placeholder={SUPPORT_TEXT.messagePlaceholder}
                  className={textareaClass}
                />
              </FormControl>
              {used >= MAX_SUPPORT_MESSAGE_LENGTH * COUNT_FROM ? (
                <FormDescription
                  aria-live="polite"
                  className={cn('tabular-nums', used > MAX_SUPPORT_MESSAGE_LENGTH && 'text-danger-text')}
                >
                  {SUPPORT_TEXT.count(used)}
                </FormDescription>
              ) : null}
              <FormMessage />
            </FormItem>
          )}
        />

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
            {phase === 'sent' ? (priority ? SUPPORT_TEXT.prioritySuccess : SUPPORT_TEXT.success) : ''}
          </p>
        </div>
      </form>
    </Form>
  );
}
