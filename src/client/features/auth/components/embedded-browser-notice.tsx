import { CopyIcon, ExternalLinkIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/utils';
import { PROVIDER_LABEL, type OAuthProvider } from '../api/start-oauth';
import { browserNavigation } from '../lib/browser-navigation';
import { systemBrowserName, type EmbeddedBrowserInfo } from '../lib/embedded-browser';
import { paths } from '@/client/config/paths';

/** The page that starts each provider's sign-in in the system browser (docs/product.md, Error messages). */
export const SYSTEM_BROWSER_PATH: Record<OAuthProvider, string> = { google: paths.auth, facebook: paths.authFacebook };

/**
 * Heading of the notice. Facebook's follows docs/product.md, Error messages: 'Continue in Safari to sign in with
 * Facebook' (per platform).
 */
export function embeddedNoticeTitle(provider: OAuthProvider, browser: EmbeddedBrowserInfo): string {
  const target = systemBrowserName(browser.platform);
  return provider === 'facebook'
    ? `Continue in ${target} to sign in with Facebook`
    : `Open ${target === 'your browser' ? 'your browser' : target} to continue with Google`;
}

/** Props of {@link EmbeddedBrowserNotice}. */
export interface EmbeddedBrowserNoticeProps {
  provider: OAuthProvider;
  browser: EmbeddedBrowserInfo;
  /** Shown as a "Back" button when given (the dialog). */
  onBack?: () => void;
  /** Heading level of the notice's title: 3 inside the dialog (default), 2 on a page under its h1. */
  headingLevel?: 2 | 3;
  /** Mention that the email link works in the in-app browser (the dialog, where that form is shown). */
  emailAlternative?: boolean;
  className?: string;
}

/**
 * Tells a visitor in an in-app browser (Instagram, Facebook, TikTok...) to continue in the device's own browser, with a
 * button that opens /auth (Google) or /auth/facebook in a new tab (most in-app browsers hand that to the system browser),
 * a "Copy link" fallback and a hint about the app's "Open in browser" menu.
 */
export function EmbeddedBrowserNotice({
  provider,
  browser,
  onBack,
  emailAlternative = false,
  headingLevel = 3,
  className,
}: EmbeddedBrowserNoticeProps) {
  const [copied, setCopied] = useState(false);
  const path = SYSTEM_BROWSER_PATH[provider];
  const url = `${window.location.origin}${path}`;
  const app = browser.appName ?? 'this app';
  const label = PROVIDER_LABEL[provider];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section
      role="region"
      aria-labelledby={`embedded-${provider}-title`}
      data-testid="embedded-browser-notice"
      className={cn('rounded-xl border border-accent/40 bg-accent-soft p-4 text-sm', className)}
    >
      <Heading id={`embedded-${provider}-title`} className="font-display text-lg font-semibold text-foreground">
        {embeddedNoticeTitle(provider, browser)}
      </Heading>
      <p className="mt-2 text-muted">
        {label} sign-in does not work inside {app}&rsquo;s built-in browser. Continue in your device&rsquo;s system
        browser to sign in.
        {emailAlternative ? ' Or use an email link below: it works right here.' : ''}
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => browserNavigation.openInNewTab(path)} className="sm:flex-1">
          <ExternalLinkIcon aria-hidden="true" />
          Open in {systemBrowserName(browser.platform) === 'Safari' ? 'Safari' : 'browser'}
        </Button>
        <Button variant="secondary" onClick={() => void copy()} className="sm:flex-1">
          <CopyIcon aria-hidden="true" />
          {copied ? 'Link copied' : 'Copy link'}
        </Button>
      </div>
      <p className="mt-3 text-xs text-muted">
        Nothing happened? Use the {app} menu (&bull;&bull;&bull;) and choose &ldquo;Open in browser&rdquo;.
      </p>
      {onBack ? (
        <Button variant="link" size="sm" className="mt-2" onClick={onBack}>
          Back to sign-in options
        </Button>
      ) : null}
      <span className="sr-only" aria-live="polite">
        {copied ? 'Link copied' : ''}
      </span>
    </section>
  );
}
