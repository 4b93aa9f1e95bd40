// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELETE_DIALOG_TEXT } from '@/client/features/account/components/delete-account-dialog';
import { SUPPORT_TEXT } from '@/client/features/account/components/support-form';
import { installFakeApi } from '@/client/features/account/test/fake-api';
import { renderRoutes } from '@/client/test/render-routes';
import { SettingsPage as SettingsPage, SETTINGS_TEXT } from './settings-page';

function renderSettings() {
  return renderRoutes(
    [
      { path: '/settings', element: <SettingsPage /> },
      { path: '/', element: <p>Home page</p> },
      { path: '/delete-account', element: <p>Data Deletion page</p> },
    ],
    '/settings',
    { providers: 'app' },
  ).router;
}

const description = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

beforeEach(() => {
  localStorage.clear();
  document.title = 'Barback';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/settings', () => {
  it('sends anonymous visitors to /', async () => {
    installFakeApi({ signedIn: false });
    const router = renderSettings();
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sets the title and description and shows the email, the role badge and the support form', async () => {
    installFakeApi();
    renderSettings();
    expect(await screen.findByRole('heading', { level: 1, name: SETTINGS_TEXT.title })).toBeTruthy();
    expect(document.title).toBe('Settings · Barback');
    expect(description()).toBe(SETTINGS_TEXT.description);

    const account = screen.getByRole('region', { name: SETTINGS_TEXT.account });
    expect(within(account).getByTestId('account-email').textContent).toBe('ada@example.com');
    expect(within(account).getByText(SETTINGS_TEXT.roleBadge)).toBeTruthy();

    const support = screen.getByRole('form', { name: SUPPORT_TEXT.title });
    expect((within(support).getByLabelText(SUPPORT_TEXT.emailLabel) as HTMLInputElement).value).toBe('ada@example.com');
  });

  it('opens the delete dialog from Account Actions; Cancel closes it and Continue goes to /delete-account', async () => {
    const user = userEvent.setup();
    installFakeApi();
    const router = renderSettings();
    const actions = await screen.findByRole('region', { name: SETTINGS_TEXT.actions });

    await user.click(within(actions).getByRole('button', { name: DELETE_DIALOG_TEXT.trigger }));
    const dialog = await screen.findByRole('dialog', { name: DELETE_DIALOG_TEXT.title });
    await user.click(within(dialog).getByRole('button', { name: DELETE_DIALOG_TEXT.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/settings');

    await user.click(within(actions).getByRole('button', { name: DELETE_DIALOG_TEXT.trigger }));
    await user.click(
      within(await screen.findByRole('dialog', { name: DELETE_DIALOG_TEXT.title })).getByRole('button', {
        name: DELETE_DIALOG_TEXT.confirm,
      }),
    );
    expect(await screen.findByText('Data Deletion page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/delete-account');
  });
});
