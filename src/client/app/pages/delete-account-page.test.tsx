// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELETION_TEXT } from '@/client/features/account/components/delete-account-panel';
import { installFakeApi } from '@/client/features/account/test/fake-api';
import { renderRoutes } from '@/client/test/render-routes';
import { jsonResponse } from '@/client/test/fixtures';
import { DeleteAccountPage as DeleteAccountPage } from './delete-account-page';

function renderPage() {
  return renderRoutes(
    [
      { path: '/delete-account', element: <DeleteAccountPage /> },
      { path: '/', element: <p>Home page</p> },
    ],
    '/delete-account',
    { providers: 'app' },
  ).router;
}

const confirmField = () => screen.getByLabelText(DELETION_TEXT.confirmLabel) as HTMLInputElement;
const deleteButton = () => screen.getByRole('button', { name: DELETION_TEXT.button }) as HTMLButtonElement;

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/delete-account', () => {
  it('keeps the information for everyone and shows no deletion panel when signed out', async () => {
    const api = installFakeApi({ signedIn: false });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'What is deleted' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What is retained' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Timeline' })).toBeTruthy();
    await waitFor(() => expect(api.calls('GET /api/auth/get-session').length).toBeGreaterThan(0));
    expect(screen.queryByRole('heading', { name: DELETION_TEXT.title })).toBeNull();
  });

  it('enables deletion only once DELETE is typed exactly', async () => {
    const user = userEvent.setup();
    const api = installFakeApi();
    renderPage();
    expect(await screen.findByRole('heading', { name: DELETION_TEXT.title })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(deleteButton().disabled).toBe(true);

    await user.type(confirmField(), 'delete');
    expect(deleteButton().disabled).toBe(true);
    await user.clear(confirmField());
    await user.type(confirmField(), 'DELET');
    expect(deleteButton().disabled).toBe(true);
    await user.type(confirmField(), '{Enter}');
    expect(api.calls('DELETE /api/me')).toHaveLength(0);
    await user.type(confirmField(), 'EE');
    expect(confirmField().value).toBe('DELETEE');
    expect(deleteButton().disabled).toBe(true);

    await user.type(confirmField(), '{Backspace}');
    expect(confirmField().value).toBe('DELETE');
    expect(deleteButton().disabled).toBe(false);
    expect(api.calls('DELETE /api/me')).toHaveLength(0);
  });

  it("deletes the account, forgets the user and goes home with 'Your account has been deleted'", async () => {
    localStorage.setItem('bb:auth:counted-session', 'session-1');
    const user = userEvent.setup();
    const api = installFakeApi({ favorites: [3] });
    const router = renderPage();
    await user.type(await screen.findByLabelText(DELETION_TEXT.confirmLabel), 'DELETE');
    await user.click(deleteButton());

    expect(await screen.findByText(DELETION_TEXT.done)).toBeTruthy();
    expect(api.calls('DELETE /api/me')[0]?.body).toEqual({ confirm: 'DELETE' });
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('Home page')).toBeTruthy();
    expect(localStorage.getItem('bb:auth:counted-session')).toBeNull();
  });

  it('says so in the panel when the deletion fails, and keeps everything', async () => {
    const user = userEvent.setup();
    const api = installFakeApi({
      override: (request) =>
        request.method === 'DELETE' && request.path === '/api/me'
          ? jsonResponse({ error: { code: 'INTERNAL', message: 'Database unavailable' } }, 500)
          : undefined,
    });
    const router = renderPage();
    await user.type(await screen.findByLabelText(DELETION_TEXT.confirmLabel), 'DELETE');
    await user.click(deleteButton());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(DELETION_TEXT.failed);
    expect(confirmField().getAttribute('aria-describedby')).toBe(alert.id);
    expect(api.calls('DELETE /api/me')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/delete-account');
    expect(confirmField().value).toBe('DELETE');
    expect(deleteButton().disabled).toBe(false);
  });
});
