import '@fontsource-variable/inter';
import '@fontsource-variable/fraunces';
import './styles.css';
import { AGE_GATE_ROOT_ID, AGE_VERIFIED_ATTRIBUTE, APP_ROOT_ID } from '@/shared/first-paint';
import { isAgeVerified } from '@/client/app/shell/age-gate-state';
import { yieldToMain } from '@/client/lib/yield-to-main';
import { hrefs, paths } from '@/client/config/paths';
import { captureRecoveryUrl } from '@/client/lib/recovery-mode';
import { rememberReturnPath } from '@/client/lib/return-path';
import { magicLinkVerifyPath } from '@/shared/recovery-link';
import { linkManifestAfterLoad } from '@/client/lib/web-app-manifest';
import { registerWorkerAfterLoad } from '@/client/lib/offline/register-worker';

/** Text shown when index.html lacks the #root element (docs/product.md, Error screens). */
const MISSING_ROOT_TEXT = 'Missing Root Element';
/** Text shown in place of the page when the app's code cannot be downloaded (offline, a deploy removed old chunks). */
export const BOOT_FAILURE_TEXT = 'Barback could not load. Check your connection and reload the page.';

/** Replaces `container`'s content with the load-failure message (an alert, so screen readers announce it). */
function showBootFailure(container: HTMLElement): void {
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.className = 'mx-auto max-w-md px-6 py-24 text-center text-muted';
  message.textContent = BOOT_FAILURE_TEXT;
  container.replaceChildren(message);
}

/**
 * True when this browser has confirmed its age: stored earlier, or in this page load by a tap on the pre-rendered gate
 * before its code arrived (the first-paint script marks `<html>` even when storage is unavailable).
 */
function confirmedAlready(): boolean {
  return isAgeVerified() || document.documentElement.hasAttribute(AGE_VERIFIED_ATTRIBUTE);
}

/**
 * The client's entry (ADR 005): deliberately small, so it runs at once over the pre-rendered page.
 * - A visitor who has confirmed their age: the app's code (boot.tsx) is imported and takes over `#root`.
 * - A first visitor: only the age gate's code is imported and hydrates `#age-gate-root`; the app's code loads after 'Yes'.
 */
function start(): void {
  const root = document.getElementById(APP_ROOT_ID);
  if (!root) {
    document.body.textContent = MISSING_ROOT_TEXT;
    return;
  }
  // React's renderer is evaluated in a task of its own, then the app's modules in the next (one long
  // evaluation task became two shorter ones); both were preloaded together by the first-paint script.
  const startApp = () => {
    import('react-dom/client')
      .then(yieldToMain)
      .then(() => import('@/client/app/boot'))
      .then(({ bootApp }) => bootApp(root))
      .catch(() => showBootFailure(root));
  };
  if (confirmedAlready()) {
    document.documentElement.setAttribute(AGE_VERIFIED_ATTRIBUTE, '');
    startApp();
    return;
  }
  let gateRoot = document.getElementById(AGE_GATE_ROOT_ID);
  if (!gateRoot) {
    gateRoot = document.createElement('div');
    gateRoot.id = AGE_GATE_ROOT_ID;
    document.body.prepend(gateRoot);
  }
  const container = gateRoot;
  import('@/client/app/shell/age-gate-root')
    // A tap on the pre-rendered 'Yes' while this code downloaded already confirmed (see FIRST_PAINT_SCRIPT).
    .then(({ mountAgeGate }) => (confirmedAlready() ? startApp() : mountAgeGate(container, startApp)))
    .catch(() => showBootFailure(container));
}

/**
 * A recovery link (`/auth/callback?type=recovery#token=…`): before anything else reads the address, its token
 * parameters are stripped and recovery mode is entered (recovery-mode.ts); its token is then exchanged for a session by
 * better-auth's verify route, which lands on the sign-in callback, and the sign-in ends on 'Secure your account'.
 * @returns true when the page is leaving for the exchange.
 */
function followRecoveryLink(): boolean {
  const recovery = captureRecoveryUrl(window.location, window.history);
  if (!recovery?.token) return false;
  rememberReturnPath(paths.security);
  window.location.replace(magicLinkVerifyPath(recovery.token, hrefs.authCallback('recovery')));
  return true;
}

if (!followRecoveryLink()) {
  linkManifestAfterLoad();
  registerWorkerAfterLoad();
  start();
}
