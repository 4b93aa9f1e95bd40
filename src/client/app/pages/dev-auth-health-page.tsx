import {
  KeyRoundIcon,
  MailIcon,
  RefreshCwIcon,
  RotateCcwIcon,
  SendIcon,
  ShieldCheckIcon,
  UserRoundIcon,
} from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { DevPage, InfoRow } from '@/client/app/shell/dev-page';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
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
import { Skeleton } from '@/client/components/ui/skeleton';
import { Spinner } from '@/client/components/ui/spinner';
import { useSendRecoveryEmail, useAuthHealth, type ProviderMode } from '@/client/features/auth/api/dev-tools';
import { useSession } from '@/client/lib/session';
import { EMPTY_EMAIL_MESSAGE, recoveryEmailSchema, type RecoveryEmailRequest } from '@/shared/schemas/dev-tools';

/** Exact texts of the reset-email tool (docs/product.md: Validation, Error messages). */
export const RESET_EMAIL_TEXT = {
  empty: EMPTY_EMAIL_MESSAGE,
  invalid: 'Please enter a valid email address',
  sent: (email: string) => `Reset email sent to ${email}. Check your inbox and click the reset link.`,
  failed: (message: string) => `Failed to send reset email: ${message}`,
} as const;

/** The shared request schema checks the field; an address it refuses is worded like docs/product.md's empty message. */
const recoveryResolver = withFieldMessages(zodResolver(recoveryEmailSchema), {
  email: { invalid_format: RESET_EMAIL_TEXT.invalid },
});

const MODE_LABEL: Record<ProviderMode, string> = {
  social: 'configured',
  test: 'test issuer',
  off: 'not configured',
};

function Panel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild className="flex items-center gap-2 text-base">
          <h2>
            {icon}
            {title}
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="pt-2">{children}</CardContent>
    </Card>
  );
}

function Rows({ loading, children }: { loading: boolean; children: ReactNode }) {
  if (loading) {
    return (
      <div className="space-y-3 py-1" aria-hidden="true">
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-5 w-3/5" />
      </div>
    );
  }
  return <dl className="divide-y divide-border">{children}</dl>;
}

/**
 * The reset-email tool: an email field (checked by the shared `recoveryEmailSchema`: empty says 'Please enter an email
 * address' under the field); sends an account-recovery sign-in link through POST /api/dev/recovery-email.
 */
function ResetEmailTool() {
  const messageId = useId();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const send = useSendRecoveryEmail();
  const form = useForm<RecoveryEmailRequest>({ resolver: recoveryResolver, defaultValues: { email: '' } });

  const onValid = ({ email }: RecoveryEmailRequest) => {
    setResult(null);
    send.mutate(email, {
      onSuccess: () => setResult({ ok: true, text: RESET_EMAIL_TEXT.sent(email) }),
      onError: (error) => {
        if ((error as { status?: number }).status === 400 && error.message === RESET_EMAIL_TEXT.empty) {
          form.setError('email', { type: 'server', message: RESET_EMAIL_TEXT.empty }, { shouldFocus: true });
          return;
        }
        setResult({ ok: false, text: RESET_EMAIL_TEXT.failed(error.message) });
      },
    });
  };

  return (
    <Card className="md:col-span-2">
      <CardHeader>
        <CardTitle asChild className="flex items-center gap-2 text-base">
          <h2>
            <RotateCcwIcon className="size-4 text-accent" aria-hidden="true" />
            Reset email
          </h2>
        </CardTitle>
        <p className="text-sm text-muted">
          Barback accounts have no password: the &ldquo;reset&rdquo; email is an account-recovery sign-in link. Unknown
          addresses get the same answer and no mail.
        </p>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            noValidate
            onSubmit={(event) => void form.handleSubmit(onValid, () => setResult(null))(event)}
            className="flex flex-col gap-2"
          >
            <FormField
              control={form.control}
              name="email"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Email address</FormLabel>
                  <div className="flex flex-col gap-2 sm:flex-row">
                    <FormControl aria-describedby={result ? messageId : undefined}>
                      <Input {...field} type="email" autoComplete="off" placeholder="someone@example.com" />
                    </FormControl>
                    <Button type="submit" disabled={send.isPending} className="sm:w-48">
                      {send.isPending ? (
                        <Spinner aria-hidden="true" role="presentation" className="text-current" />
                      ) : (
                        <SendIcon aria-hidden="true" />
                      )}
                      Send reset email
                    </Button>
                  </div>
                  <FormMessage data-testid="reset-email-message" />
                </FormItem>
              )}
            />
            {result ? (
              <p
                id={messageId}
                role={result.ok ? 'status' : 'alert'}
                data-testid="reset-email-message"
                className={result.ok ? 'text-sm text-success' : 'text-sm text-danger-text'}
              >
                {result.text}
              </p>
            ) : null}
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}

/**
 * The page of `/dev/auth-health` (docs/product.md, Screens, developer tools): what the server's auth is wired to (GET
 * /api/dev/auth-health: providers and their mode, magic link, mail transport and sender, the session, base URL, trusted
 * origins; never a secret), this tab's session, and the reset-email tool.
 */
export function DevAuthHealthPage() {
  const health = useAuthHealth();
  const session = useSession();
  const data = health.data;
  const loading = health.isPending;
  const failed = health.isError && !data;

  return (
    <DevPage
      title="Auth health"
      description="How sign-in is wired on this server: providers, mail, the session, and a tool to send a recovery link."
      actions={
        <Button variant="secondary" onClick={() => void health.refetch()} disabled={health.isFetching}>
          <RefreshCwIcon aria-hidden="true" className={health.isFetching ? 'animate-spin' : undefined} />
          Refresh
        </Button>
      }
    >
      {failed ? (
        <p
          role="alert"
          className="mb-6 rounded-xl border border-destructive/50 bg-destructive-soft px-5 py-4 text-sm text-danger-text"
        >
          The auth report could not be loaded: {health.error.message}
        </p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <Panel icon={<KeyRoundIcon className="size-4 text-accent" aria-hidden="true" />} title="Providers">
          <Rows loading={loading}>
            {(['google', 'facebook'] as const).map((provider) => {
              const entry = data?.providers[provider];
              return (
                <InfoRow key={provider} label={provider === 'google' ? 'Google' : 'Facebook'}>
                  {entry ? (
                    <Badge variant={entry.configured ? 'accent' : 'outline'}>{MODE_LABEL[entry.mode]}</Badge>
                  ) : (
                    '—'
                  )}
                </InfoRow>
              );
            })}
            <InfoRow label="Magic link">
              {data ? (
                <Badge variant={data.magicLink ? 'accent' : 'outline'}>{data.magicLink ? 'on' : 'off'}</Badge>
              ) : (
                '—'
              )}
            </InfoRow>
          </Rows>
        </Panel>
        <Panel icon={<MailIcon className="size-4 text-accent" aria-hidden="true" />} title="Mail">
          <Rows loading={loading}>
            <InfoRow label="Transport">{data?.mail.transport ?? '—'}</InfoRow>
            <InfoRow label="From">{data?.mail.from ?? '—'}</InfoRow>
          </Rows>
        </Panel>
        <Panel icon={<UserRoundIcon className="size-4 text-accent" aria-hidden="true" />} title="Session">
          <Rows loading={loading}>
            <InfoRow label="Server sees">{data ? (data.session.signedIn ? 'signed in' : 'signed out') : '—'}</InfoRow>
            <InfoRow label="User id">{data?.session.userId ?? '—'}</InfoRow>
            <InfoRow label="Expires">{data?.session.expiresAt ?? '—'}</InfoRow>
            <InfoRow label="This tab">{session.status}</InfoRow>
          </Rows>
        </Panel>
        <Panel icon={<ShieldCheckIcon className="size-4 text-accent" aria-hidden="true" />} title="Origins">
          <Rows loading={loading}>
            <InfoRow label="Base URL">{data?.baseURL ?? '—'}</InfoRow>
            <InfoRow label="Trusted origins">{data ? data.trustedOrigins.join(', ') || '—' : '—'}</InfoRow>
            <InfoRow label="This page">{window.location.origin}</InfoRow>
          </Rows>
        </Panel>
        <ResetEmailTool />
      </div>
    </DevPage>
  );
}
