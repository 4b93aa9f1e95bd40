import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/client/config/paths';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Spinner } from '@/client/components/ui/spinner';
import { useSignInProviders } from '../api/get-sign-in-providers';
import { PROVIDER_LABEL, type OAuthProvider } from '../api/start-oauth';
import { useProviderSignIn } from '../hooks/use-provider-sign-in';
import type { SignInVariant } from '@/client/lib/sign-in-store';
import { MAGIC_LINK_DIALOG_CLOSE_MS, SIGN_IN_TEXT } from '../lib/sign-in-text';
import { EmbeddedBrowserNotice } from './embedded-browser-notice';
import { MagicLinkForm, type MagicLinkPhase } from './magic-link-form';
import { RecoveryForm, RECOVERY_FORM_TEXT } from './recovery-form';
import { FacebookIcon, GoogleIcon } from './provider-icons';

/** Props of {@link SignInDialog}. */
export interface SignInDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Who asked for it (kept for analytics and wording; every variant offers the same ways in). */
  variant?: SignInVariant;
}

/**
 * One 'Continue with Google/Facebook' button. A provider this server does not offer is drawn disabled and described by
 * the note that says why (`reasonId`), before anyone presses it; while any provider sign-in starts, both wait.
 */
function ProviderButton({
  provider,
  available,
  reasonId,
  pending,
  onStart,
}: {
  provider: OAuthProvider;
  available: boolean;
  reasonId: string;
  pending: OAuthProvider | null;
  onStart: () => void;
}) {
  const Icon = provider === 'google' ? GoogleIcon : FacebookIcon;
  return (
    <Button
      variant="secondary"
      size="lg"
      className="w-full"
      disabled={!available || pending !== null}
      aria-busy={pending === provider || undefined}
      aria-describedby={available ? undefined : reasonId}
      onClick={onStart}
    >
      {pending === provider ? (
        <Spinner aria-hidden="true" role="presentation" className="size-5" />
      ) : (
        <Icon className={available ? 'size-5' : 'size-5 opacity-50 grayscale'} />
      )}
      Continue with {PROVIDER_LABEL[provider]}
    </Button>
  );
}

/** Why the unavailable providers cannot be used, e.g. 'Google and Facebook sign-in are not available on this server.' */
export function unavailableProvidersText(unavailable: readonly OAuthProvider[]): string {
  const names = unavailable.map((provider) => PROVIDER_LABEL[provider]).join(' and ');
  return `${names} sign-in ${unavailable.length > 1 ? 'are' : 'is'} not available on this server. Use the email link below.`;
}

/**
 * The sign-in dialog (docs/product.md: Screens, States, Validation): title 'Sign in to continue', the text 'Sign in to
 * access the bar and save your favorite cocktails.', the age box 'I confirm I am of legal drinking age in my
 * jurisdiction.', Continue with Google (needs the age box), Continue with Facebook (does not), and the email magic-link
 * form (needs it). After the link is sent it shows 'Check your email' and closes itself 2 s later. In an in-app
 * browser, the provider buttons lead to a notice that sends the visitor to the system browser. 'Trouble signing in?'
 * swaps the options for the recovery form (RecoveryForm: a recovery link by email) and back. Loaded on first open by
 * SignInDialogHost; a fresh form on every open.
 */
export function SignInDialog({ open, onOpenChange, variant = 'header' }: SignInDialogProps) {
  const ageId = useId();
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [phase, setPhase] = useState<MagicLinkPhase>('editing');
  const provider = useProviderSignIn();
  const providers = useSignInProviders();
  const unavailable = (['google', 'facebook'] as const).filter((name) => !providers[name]);
  const reasonId = useId();
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [view, setView] = useState<'sign-in' | 'recovery'>('sign-in');
  const troubleButton = useRef<HTMLButtonElement>(null);
  const backToSignIn = () => {
    setView('sign-in');
    requestAnimationFrame(() => troubleButton.current?.focus());
  };

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const onSent = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => onOpenChange(false), MAGIC_LINK_DIALOG_CLOSE_MS);
  };
  const onPhaseChange = (next: MagicLinkPhase) => {
    setPhase(next);
    if (next !== 'sent') clearTimeout(closeTimer.current);
  };

  const sent = phase === 'sent';

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        data-testid="sign-in-dialog"
        data-variant={variant}
        className="max-w-md gap-5 p-5 sm:p-6"
        onOpenAutoFocus={(event) => {
          // Focus the dialog itself, not the first control: the age box should be read before anything is pressed.
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle className="text-2xl">
            {view === 'recovery' ? RECOVERY_FORM_TEXT.title : SIGN_IN_TEXT.dialogTitle}
          </DialogTitle>
          <DialogDescription>
            {view === 'recovery' ? RECOVERY_FORM_TEXT.description : SIGN_IN_TEXT.dialogDescription}
          </DialogDescription>
        </DialogHeader>

        {view === 'recovery' ? <RecoveryForm onBack={backToSignIn} /> : null}

        {sent || view === 'recovery' ? null : (
          <>
            <div className="flex items-start gap-3 rounded-xl border border-border-strong bg-surface-2 p-3.5">
              <input
                id={ageId}
                type="checkbox"
                checked={ageConfirmed}
                onChange={(event) => setAgeConfirmed(event.target.checked)}
                className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-[var(--color-accent)]"
              />
              <label htmlFor={ageId} className="cursor-pointer text-sm leading-snug text-foreground">
                {SIGN_IN_TEXT.ageLabel}
              </label>
            </div>

            {provider.embeddedNotice ? (
              <EmbeddedBrowserNotice
                provider={provider.embeddedNotice.provider}
                browser={provider.embeddedNotice.browser}
                onBack={provider.dismissNotice}
                emailAlternative
              />
            ) : (
              <div className="flex flex-col gap-2.5">
                <ProviderButton
                  provider="google"
                  available={providers.google}
                  reasonId={reasonId}
                  pending={provider.pending}
                  onStart={() => void provider.start('google', { ageConfirmed, prompt: 'select_account' })}
                />
                <ProviderButton
                  provider="facebook"
                  available={providers.facebook}
                  reasonId={reasonId}
                  pending={provider.pending}
                  onStart={() => void provider.start('facebook')}
                />
                {unavailable.length > 0 ? (
                  <p id={reasonId} className="text-center text-xs text-muted">
                    {unavailableProvidersText(unavailable)}
                  </p>
                ) : null}
              </div>
            )}

            <div className="flex items-center gap-3 text-xs text-muted" aria-hidden="true">
              <span className="h-px flex-1 bg-border" />
              or get a link by email
              <span className="h-px flex-1 bg-border" />
            </div>
          </>
        )}

        {view === 'recovery' ? null : (
          <MagicLinkForm requireAge ageConfirmed={ageConfirmed} onSent={onSent} onPhaseChange={onPhaseChange} />
        )}

        {sent || view === 'recovery' ? null : (
          <Button
            ref={troubleButton}
            variant="link"
            className="self-center text-sm"
            onClick={() => setView('recovery')}
            data-testid="trouble-signing-in"
          >
            {RECOVERY_FORM_TEXT.title}
          </Button>
        )}

        {sent || view === 'recovery' ? null : (
          <p className="text-center text-xs text-muted">
            By continuing you agree to our{' '}
            <Link
              to={paths.terms}
              onClick={() => onOpenChange(false)}
              className="text-foreground underline underline-offset-2"
            >
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link
              to={paths.privacy}
              onClick={() => onOpenChange(false)}
              className="text-foreground underline underline-offset-2"
            >
              Privacy Policy
            </Link>
            .
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
