import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '@/client/config/paths';
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
import { ApiError } from '@/client/lib/api-client';
import { showToast } from '@/client/lib/toast-events';
import { DELETE_CONFIRMATION, deleteAccountRequestSchema } from '@/shared/schemas/account';
import { useDeleteAccount } from '../api/delete-account';

/** Texts of the self-service deletion panel. */
export const DELETION_TEXT = {
  title: 'Delete your account now',
  intro: 'Signed in as',
  immediate: 'This takes effect at once and cannot be undone. It permanently deletes:',
  items: [
    'Your favorites',
    'Your sign-ins and open sessions on every device',
    'Google and Facebook sign-ins linked to the account',
    'Your two-factor authentication secret and backup codes',
    'Support messages you sent us',
    'The account itself: your email address and name',
  ],
  usage: 'Usage events are kept only as anonymous statistics, no longer linked to you.',
  confirmLabel: `Type ${DELETE_CONFIRMATION} to confirm`,
  /** Shown under the field when a submit is refused (the button is disabled until the word is typed, so rarely). */
  confirmMismatch: `Type ${DELETE_CONFIRMATION} in capital letters to confirm.`,
  button: 'Delete my account',
  deleting: 'Deleting your account…',
  done: 'Your account has been deleted',
  failed: 'Your account could not be deleted, and nothing was removed. Please try again.',
  offline: 'The server could not be reached, so nothing was deleted. Check your connection and try again.',
  signedOut: 'Your session has ended, so nothing was deleted. Sign in again to delete your account.',
} as const;

function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return DELETION_TEXT.signedOut;
    if (error.code === 'NETWORK_ERROR') return DELETION_TEXT.offline;
  }
  return DELETION_TEXT.failed;
}

/**
 * The typed confirmation: the shared request schema's `confirm` (exactly DELETE), after trimming what was typed around it.
 */
const confirmFormSchema = z.object({ confirm: z.string().trim().pipe(deleteAccountRequestSchema.shape.confirm) });
type ConfirmFormValues = z.input<typeof confirmFormSchema>;

const confirmResolver = withFieldMessages(zodResolver(confirmFormSchema), {
  confirm: () => DELETION_TEXT.confirmMismatch,
});

/**
 * Self-service account deletion for the signed-in user (on /delete-account): what will be deleted, a typed confirmation
 * checked by the shared `deleteAccountRequestSchema` (the button stays disabled until the field holds exactly DELETE) and a
 * destructive button that calls `DELETE /api/me`.
 * On success the app goes to /, `onDeleted` makes the device forget the user (local auth keys, cached data: the page that
 * composes the panel supplies it) and a toast says 'Your account has been deleted'. On failure the panel says why and everything stays as it was (the server deletes in one
 * transaction).
 */
export function DeleteAccountPanel({ email, onDeleted }: { email: string; onDeleted: () => void }) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const { mutate, isPending } = useDeleteAccount();
  const form = useForm<ConfirmFormValues, unknown, z.output<typeof confirmFormSchema>>({
    resolver: confirmResolver,
    defaultValues: { confirm: '' },
  });
  const typed = useWatch({ control: form.control, name: 'confirm' });
  const confirmed = confirmFormSchema.safeParse({ confirm: typed }).success;

  const onValid = () => {
    if (isPending) return;
    setError(null);
    mutate(undefined, {
      onSuccess: async () => {
        await navigate(paths.home, { replace: true });
        onDeleted();
        showToast({ title: DELETION_TEXT.done, variant: 'success' });
      },
      onError: (failure) => setError(failureText(failure)),
    });
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-destructive/50 bg-[radial-gradient(ellipse_at_top_left,rgb(200_69_58/0.14),transparent_60%)] bg-surface p-5 shadow-card md:p-6"
      data-testid="delete-account-panel"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-destructive-soft text-danger-text">
          <Trash2Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="font-display text-xl font-semibold">
            {DELETION_TEXT.title}
          </h2>
          <p className="truncate text-sm text-muted">
            {DELETION_TEXT.intro} <span className="font-medium text-foreground">{email}</span>
          </p>
        </div>
      </div>

      <p className="mt-4 text-sm">{DELETION_TEXT.immediate}</p>
      <ul className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
        {DELETION_TEXT.items.map((item) => (
          <li key={item} className="flex gap-2.5">
            <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-danger-text" />
            <span>{item}</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-muted">{DELETION_TEXT.usage}</p>

      <Form {...form}>
        <form
          noValidate
          onSubmit={(event) => void form.handleSubmit(onValid)(event)}
          className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <FormField
            control={form.control}
            name="confirm"
            render={({ field }) => (
              <FormItem className="flex-1">
                <FormLabel>{DELETION_TEXT.confirmLabel}</FormLabel>
                <FormControl aria-describedby={error ? `${id}-error` : undefined}>
                  <Input
                    {...field}
                    autoComplete="off"
                    autoCapitalize="characters"
                    autoCorrect="off"
                    spellCheck={false}
                    readOnly={isPending}
                    className="font-mono tracking-wider"
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <Button
            type="submit"
            variant="destructive"
            disabled={!confirmed || isPending}
            className="sm:mt-[22px] sm:min-w-48"
          >
            {isPending ? (
              <>
                <Spinner aria-hidden="true" role="presentation" className="text-destructive-foreground" />
                {DELETION_TEXT.deleting}
              </>
            ) : (
              <>
                <Trash2Icon aria-hidden="true" />
                {DELETION_TEXT.button}
              </>
            )}
          </Button>
        </form>
      </Form>
      {error ? (
        <p
          id={`${id}-error`}
          role="alert"
          className="mt-3 rounded-lg border border-destructive/50 bg-destructive-soft px-3 py-2 text-sm text-danger-text"
        >
          {error}
        </p>
      ) : null}
    </section>
  );
}
