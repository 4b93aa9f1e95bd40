// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '@/client/features/account/test/fake-api';
import { renderRoutes } from '@/client/test/render-routes';
import { readAnalyticsQueue, resetAnalyticsForTests } from '@/client/lib/analytics';
import { resetAppEnvironmentForTests, setAppPlatform } from '@/client/lib/app-environment';
import { getSignInDialogState, resetSignInDialogForTests } from '@/client/lib/sign-in-store';
import { entitlementOf } from '@/client/test/fixtures';
import {
  CONFIRMATION_RETRY_DELAYS_MS,
  confirmationTiming,
  POST_PURCHASE_REFRESH_MS,
} from '@/client/features/payments/hooks/use-purchase-flow';
import { UpgradePage as UpgradePage } from './upgrade-page';

const proEntitlement = entitlementOf('pro');

function renderUpgrade(url = '/upgrade') {
  return renderRoutes(
    [
      { path: '/upgrade', element: <UpgradePage /> },
      { path: '/my-bar', element: <h1>My Bar page</h1> },
      { path: '/profile', element: <h1>Profile page</h1> },
    ],
    url,
    { providers: 'app' },
  ).router;
}

/** The paywall's trial button once it can be pressed (it stays disabled while the session is being read). */
async function trialButton() {
  const button = await screen.findByRole('button', { name: 'Start free trial' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

/** The iOS app's script handler, recording what the page asks. */
function installNativeHandler(onRequest: (request: { action: string; productId?: string }) => void = () => {}) {
  const requests: { action: string; productId?: string }[] = [];
  window.webkit = {
    messageHandlers: {
      revenueCat: {
        postMessage: (message: unknown) => {
          const request = message as { action: string; productId?: string };
          requests.push(request);
          onRequest(request);
        },
      },
    },
  };
  return requests;
}

/** Posts a message into the page as the wrapper does (same origin). */
function wrapperSays(data: unknown) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin: window.location.origin }));
  });
}

const types = () => readAnalyticsQueue().map((event) => event.type);

beforeEach(() => {
  localStorage.clear();
  resetSignInDialogForTests();
  resetAnalyticsForTests();
  resetAppEnvironmentForTests();
});
afterEach(() => {
  delete window.webkit;
  resetAppEnvironmentForTests();
  confirmationTiming.firstRefreshMs = POST_PURCHASE_REFRESH_MS;
  confirmationTiming.retryDelaysMs = CONFIRMATION_RETRY_DELAYS_MS;
});

describe('/upgrade on the web', () => {
  it('shows the listed prices (annual by default), the comparison, and why purchases are not available here', async () => {
    const user = userEvent.setup();
    installFakeApi();
    renderUpgrade();
    expect(await screen.findByRole('heading', { level: 1, name: 'Unlock your whole bar' })).toBeInTheDocument();
    expect(screen.getByTestId('purchase-availability').textContent).toContain(
      'Purchases are only available in the iOS app.',
    );
    expect(screen.getByRole('radio', { name: 'Annual' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('plan-individual-price').textContent).toBe('$3.75');
    expect(screen.getByTestId('plan-individual-billing').textContent).toBe('billed yearly at $45.00');
    expect(screen.getByTestId('plan-enterprise-price').textContent).toBe('$76.58');
    expect(screen.getByText('Save 15% annually')).toBeInTheDocument();
    expect(screen.getByText('Free 7-day trial')).toBeInTheDocument();
    expect(screen.getByText('10 staff seats included')).toBeInTheDocument();
    const table = screen.getByTestId('comparison-table');
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Unlimited saves',
      'Advanced My Bar',
      'Favorites and collections',
      'Notes and ratings',
      'Team seats',
      'Branding and QR menu',
      'Signature cocktails',
      'Support',
      'No ads',
    ]);

    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(screen.getByTestId('plan-individual-price').textContent).toBe('$4.99');
    expect(screen.getByTestId('plan-enterprise-price').textContent).toBe('$89.99');
    expect(screen.queryByText('Save 15% annually')).toBeNull();

    await user.click(await trialButton());
    expect(screen.getByTestId('purchase-error').textContent).toBe('Purchases are only available in the iOS app.');
    // Also by the button pressed (on a phone the footer is far below it), and the button is described by it.
    expect(screen.getByTestId('individual-buy-error')).toHaveTextContent(
      'Purchases are only available in the iOS app.',
    );
    expect(screen.getByRole('button', { name: 'Start free trial' })).toHaveAccessibleDescription(
      'Purchases are only available in the iOS app.',
    );
    await user.click(screen.getByRole('button', { name: 'Restore Purchases' }));
    expect(screen.getByTestId('purchase-error').textContent).toBe('Restore is only available in the iOS app.');
    // The restore error answers the footer's button: the Individual card no longer shows an error.
    expect(screen.queryByTestId('individual-buy-error')).toBeNull();
    expect(types()).toEqual(expect.arrayContaining(['paywall_view', 'paywall_toggle', 'plan_select']));
    expect(readAnalyticsQueue().find((event) => event.type === 'paywall_view')?.props).toEqual({ cycle: 'annual' });
    expect(readAnalyticsQueue().find((event) => event.type === 'paywall_toggle')?.props).toEqual({ cycle: 'monthly' });
    expect(readAnalyticsQueue().find((event) => event.type === 'plan_select')?.props).toEqual({
      plan: 'pro',
      cycle: 'monthly',
    });
    expect(types()).not.toContain('purchase_start');
  });

  it('asks a visitor to sign in first, and offers Enterprise through the support form', async () => {
    const user = userEvent.setup();
    installFakeApi({ signedIn: false });
    renderUpgrade();
    await user.click(await screen.findByRole('button', { name: 'Sign in to subscribe' }));
    expect(getSignInDialogState()).toMatchObject({ open: true, variant: 'prompt' });
    expect(screen.queryByRole('button', { name: 'Restore Purchases' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Contact sales' }));
    const dialog = await screen.findByRole('dialog', { name: 'Talk to us about Enterprise' });
    expect(within(dialog).getByRole('textbox', { name: /message/i })).toHaveValue(
      "Hello, I'd like to hear about Barback Enterprise for my venue.",
    );
  });

  it('shows a Pro user their plan, when it renews and what Enterprise adds, with no trial offered', async () => {
    installFakeApi({ entitlements: [entitlementOf('pro', { expiresAt: '2099-06-15T12:00:00.000Z' })] });
    renderUpgrade();
    expect(await screen.findByRole('heading', { level: 1, name: 'You are on Pro' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Unlock your whole bar' })).toBeNull();
    expect(await screen.findByTestId('paywall-plan-status')).toHaveTextContent('Renews on June 15, 2099');
    const adds = screen.getByRole('region', { name: 'What Enterprise adds' });
    expect(within(adds).getByText('Team seats: 10 included')).toBeInTheDocument();
    expect(within(adds).getByText('Signature cocktails')).toBeInTheDocument();
    expect(screen.queryByText('Free 7-day trial')).toBeNull();
  });

  it('offers a lapsed subscriber no second trial: Subscribe, no badge', async () => {
    installFakeApi({
      entitlements: [entitlementOf('pro', { expiresAt: '2020-01-01T00:00:00.000Z', willRenew: false, active: false })],
    });
    renderUpgrade();
    expect(await screen.findByRole('heading', { level: 1, name: 'Unlock your whole bar' })).toBeInTheDocument();
    const subscribe = await screen.findByRole('button', { name: 'Subscribe' });
    await waitFor(() => expect(subscribe).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Start free trial' })).toBeNull();
    expect(screen.queryByText('Free 7-day trial')).toBeNull();
  });

  it('offers the trial badge to someone who never had a plan', async () => {
    installFakeApi();
    renderUpgrade();
    expect(await trialButton()).toBeInTheDocument();
    expect(screen.getByText('Free 7-day trial')).toBeInTheDocument();
  });

  it("shows 'Current plan' to a Pro user instead of a buy button", async () => {
    installFakeApi({ entitlements: [proEntitlement] });
    renderUpgrade();
    expect(await screen.findByTestId('individual-current-plan')).toHaveTextContent('Current plan');
    expect(screen.queryByRole('button', { name: 'Start free trial' })).toBeNull();
  });
});

describe('/upgrade on a toast device', () => {
  it('offers no purchase and no sales contact', async () => {
    setAppPlatform('toast');
    const user = userEvent.setup();
    installFakeApi();
    renderUpgrade();
    expect(await screen.findByTestId('purchase-availability')).toHaveTextContent(
      'Purchases are not offered on this device.',
    );
    expect(screen.queryByRole('button', { name: 'Contact sales' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Contact sales' })).toBeNull();
    // Nothing here can ever be bought: the button is disabled and says why, whoever looks, and there is no Restore.
    const button = await screen.findByRole('button', { name: 'Not available on this device' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/Purchases are not offered on this device\./);
    expect(screen.queryByRole('button', { name: 'Start free trial' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign in to subscribe' })).toBeNull();
    await user.click(button);
    expect(screen.getByTestId('purchase-error').textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Restore Purchases' })).toBeNull();
  });
});

describe('/upgrade inside the iOS app', () => {
  it("asks for the offerings, shows the store's prices, and mails sales", async () => {
    setAppPlatform('ios');
    const requests = installNativeHandler();
    installFakeApi();
    renderUpgrade();
    await waitFor(() => expect(requests).toContainEqual({ type: 'RC_REQUEST', action: 'GET_OFFERINGS' }));
    wrapperSays({
      type: 'RC_EVENT',
      name: 'OFFERINGS',
      data: {
        monthly: { price: '5,49 €', productId: 'eu.pro.monthly' },
        annual: { price: '49,99 €', productId: 'eu.pro.annual' },
      },
    });
    expect(screen.getByTestId('plan-individual-price').textContent).toBe('4,17 €');
    expect(screen.getByTestId('plan-individual-billing').textContent).toBe('billed yearly at 49,99 €');
    expect(screen.getByRole('link', { name: 'Contact sales' }).getAttribute('href')).toMatch(
      /^mailto:sales@barback\.app/,
    );
    expect(screen.queryByTestId('purchase-availability')).toBeNull();
  });

  it('buys through the wrapper and, once the server shows Pro, goes back where the gate sent the user from', async () => {
    setAppPlatform('ios');
    const user = userEvent.setup();
    const api = installFakeApi();
    const requests = installNativeHandler((request) => {
      if (request.action !== 'PURCHASE') return;
      // The store charges; RevenueCat tells the server; then the wrapper reports the update.
      api.state.entitlements = [proEntitlement];
      setTimeout(() => wrapperSays({ type: 'RC_EVENT', name: 'PURCHASE_UPDATED' }), 50);
    });
    const router = renderUpgrade('/upgrade?from=%2Fmy-bar');
    await user.click(await trialButton());
    expect(requests).toContainEqual({ type: 'RC_REQUEST', action: 'PURCHASE', productId: 'app.barback.pro.annual' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-bar'), { timeout: 5000 });
    expect(await screen.findByText('Purchase successful')).toBeInTheDocument();
    expect(types()).toEqual(
      expect.arrayContaining(['purchase_start', 'purchase_success', 'session_entitlements_refreshed']),
    );
    expect(readAnalyticsQueue().find((event) => event.type === 'purchase_start')?.props).toEqual({
      productId: 'app.barback.pro.annual',
    });
  });

  it("shows the wrapper's error in the footer and tracks rc_error", async () => {
    setAppPlatform('ios');
    const user = userEvent.setup();
    installFakeApi();
    installNativeHandler((request) => {
      if (request.action === 'PURCHASE')
        setTimeout(() => wrapperSays({ type: 'RC_EVENT', name: 'ERROR', data: {} }), 20);
    });
    renderUpgrade();
    await user.click(await trialButton());
    await waitFor(() => expect(screen.getByTestId('purchase-error').textContent).toBe('Purchase error'));
    expect(screen.getByTestId('purchase-error')).toHaveClass('text-danger-text');
    expect(types()).toContain('rc_error');
    expect(screen.getByRole('button', { name: 'Start free trial' })).toBeEnabled();
  });

  it("never shows Pro on the wrapper's word: the server stays free, so after the re-checks it says it is being confirmed", async () => {
    // The same five session reads as the real ~10 s (0.8 s, then 1.2, 2, 3, 3 s apart), run 100 times faster.
    expect([POST_PURCHASE_REFRESH_MS, ...CONFIRMATION_RETRY_DELAYS_MS]).toEqual([800, 1200, 2000, 3000, 3000]);
    confirmationTiming.firstRefreshMs = 8;
    confirmationTiming.retryDelaysMs = [12, 20, 30, 30];
    setAppPlatform('ios');
    installFakeApi();
    installNativeHandler((request) => {
      if (request.action === 'PURCHASE')
        setTimeout(() => wrapperSays({ type: 'RC_EVENT', name: 'PURCHASE_UPDATED' }), 10);
    });
    const router = renderUpgrade();
    await userEvent.setup().click(await trialButton());
    await waitFor(() =>
      expect(screen.getByTestId('purchase-notice').textContent).toMatch(/being confirmed with the App Store/),
    );
    expect(router.state.location.pathname).toBe('/upgrade');
    expect(screen.queryByTestId('individual-current-plan')).toBeNull();
    expect(types().filter((type) => type === 'session_entitlements_refreshed')).toHaveLength(5);
  });
});
