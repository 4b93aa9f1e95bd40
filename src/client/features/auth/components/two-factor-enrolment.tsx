import { useEffect, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/client/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/client/components/ui/form';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Spinner } from '@/client/components/ui/spinner';
import { totpVerifyRequestSchema, type TotpVerifyRequest } from '@/shared/schemas/session';
import { TotpCodeInput, totpCodeResolver } from './two-factor-challenge';

/**
 * Two-factor enrolment's parts for {@link TwoFactorSettings} (two-factor-settings.tsx): the authenticator's QR code and
 * the code form.
 */

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

export function QrImage({ uri }: { uri: string }) {
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
export interface TotpCodeFormProps {
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
export function TotpCodeForm({
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
