// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/client/test/fixtures';
import { MAX_SUPPORT_MESSAGE_LENGTH } from '@/shared/schemas/support';
import { deferred, installFakeApi } from '../test/fake-api';
import { renderRoutes } from '@/client/test/render-routes';
import { SUPPORT_SENT_MS, SUPPORT_TEXT, SupportForm } from './support-form';

function renderForm() {
  renderRoutes(
    [{ path: '/settings', element: <SupportForm defaultEmail="ada@example.com" page="/settings" /> }],
    '/settings',
    { providers: 'app' },
  );
}

const emailField = () => screen.getByLabelText(SUPPORT_TEXT.emailLabel) as HTMLInputElement;
const messageField = () => screen.getByLabelText(SUPPORT_TEXT.messageLabel) as HTMLTextAreaElement;
const submit = () => screen.getByRole('button', { name: /Send message|Sending…|Sent/ }) as HTMLButtonElement;
/** The element ids a field's aria-describedby names. */
const describedBy = (element: HTMLElement) => (element.getAttribute('aria-describedby') ?? '').split(' ');

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Contact Support form', () => {
  it('prefills the email (type email) and has a required 4-row message', async () => {
    installFakeApi();
    renderForm();
    expect((await screen.findByLabelText(SUPPORT_TEXT.emailLabel)).getAttribute('type')).toBe('email');
    expect(emailField().value).toBe('ada@example.com');
    expect(emailField().required).toBe(true);
    expect(messageField().rows).toBe(4);
    expect(messageField().required).toBe(true);
    expect(emailField().getAttribute('aria-invalid')).toBeNull();
  });

  it('keeps submit disabled, and refuses to send, while the email or the message is empty', async () => {
    const user = userEvent.setup();
    const api = installFakeApi();
    renderForm();
    await screen.findByLabelText(SUPPORT_TEXT.messageLabel);
    expect(submit().disabled).toBe(true);

    await user.type(messageField(), '   ');
    expect(submit().disabled).toBe(true);
    await user.type(messageField(), 'The Negroni card shows no glass.');
    expect(submit().disabled).toBe(false);
    await user.clear(emailField());
    expect(submit().disabled).toBe(true);

    await user.type(emailField(), '{Enter}');
    expect(api.calls('POST /api/support')).toHaveLength(0);
  });

  it('says under the field when the address is not an email, focuses it and sends nothing', async () => {
    const user = userEvent.setup();
    const api = installFakeApi();
    renderForm();
    await user.clear(await screen.findByLabelText(SUPPORT_TEXT.emailLabel));
    await user.type(emailField(), 'ada-at-example');
    await user.type(messageField(), 'Hello');
    await user.click(submit());

    const error = await screen.findByRole('alert');
    expect(error.textContent).toBe(SUPPORT_TEXT.emailInvalid);
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(emailField())).toContain(error.id);
    expect(document.activeElement).toBe(emailField());
    expect(messageField().value).toBe('Hello');
    expect(api.calls('POST /api/support')).toHaveLength(0);

    // Fixing the address clears the error, and the message is sent.
    await user.clear(emailField());
    await user.type(emailField(), 'ada@example.com');
    await waitFor(() => expect(screen.queryByText(SUPPORT_TEXT.emailInvalid)).toBeNull());
    expect(emailField().getAttribute('aria-invalid')).toBeNull();
    await user.click(submit());
    expect(await screen.findByText(SUPPORT_TEXT.success)).toBeTruthy();
    expect(api.calls('POST /api/support')[0]?.body).toEqual({
      email: 'ada@example.com',
      message: 'Hello',
      page: '/settings',
    });
  });

  it('counts characters near the shared limit and refuses a longer message without cutting it', async () => {
    const user = userEvent.setup();
    const api = installFakeApi();
    renderForm();
    const tooLong = 'x'.repeat(MAX_SUPPORT_MESSAGE_LENGTH + 1);
    await user.click(await screen.findByLabelText(SUPPORT_TEXT.messageLabel));
    await user.paste(tooLong);
    expect(messageField().value).toBe(tooLong);
    expect(screen.getByText(SUPPORT_TEXT.count(MAX_SUPPORT_MESSAGE_LENGTH + 1)).textContent).toBe(
      '5,001 / 5,000 characters',
    );

    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(SUPPORT_TEXT.messageTooLong);
    expect(SUPPORT_TEXT.messageTooLong).toContain('5,000');
    expect(document.activeElement).toBe(messageField());
    expect(messageField().getAttribute('aria-invalid')).toBe('true');
    expect(messageField().value).toBe(tooLong);
    expect(api.calls('POST /api/support')).toHaveLength(0);
  });

  it('goes idle -> sending -> sent (3 s) -> reset, posting email, message and page', async () => {
    const answer = deferred<Response>();
    const api = installFakeApi({
      override: (request) => (request.path === '/api/support' ? answer.promise : undefined),
    });
    renderForm();
    await screen.findByLabelText(SUPPORT_TEXT.messageLabel);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(messageField(), '  The Negroni card shows no glass.  ');
    await user.click(submit());

    expect(await screen.findByRole('button', { name: SUPPORT_TEXT.sending })).toBeTruthy();
    expect(api.calls('POST /api/support')[0]?.body).toEqual({
      email: 'ada@example.com',
      message: 'The Negroni card shows no glass.',
      page: '/settings',
    });
    // A second submit while sending sends nothing.
    await user.click(submit());
    await user.type(messageField(), '{Enter}');
    expect(api.calls('POST /api/support')).toHaveLength(1);

    answer.resolve(jsonResponse({ id: 4, status: 'received', mailed: true, priority: 'standard' }, 201));
    expect(await screen.findByText(SUPPORT_TEXT.success)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(SUPPORT_TEXT.success);

    await act(() => vi.advanceTimersByTimeAsync(SUPPORT_SENT_MS - 500));
    expect(screen.getByText(SUPPORT_TEXT.success)).toBeTruthy();
    expect(messageField().value).toContain('Negroni');

    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(screen.queryByText(SUPPORT_TEXT.success)).toBeNull();
    expect(messageField().value).toBe('');
    expect(emailField().value).toBe('ada@example.com');
    expect(screen.getByRole('button', { name: SUPPORT_TEXT.send })).toBeTruthy();
    expect(submit().disabled).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the message was received when the server stored it but could not mail it', async () => {
    const user = userEvent.setup();
    installFakeApi({
      override: (request) =>
        request.path === '/api/support'
          ? jsonResponse({ id: 5, status: 'received', mailed: false, priority: 'standard' }, 201)
          : undefined,
    });
    renderForm();
    await user.type(await screen.findByLabelText(SUPPORT_TEXT.messageLabel), 'Hello');
    await user.click(submit());
    expect(await screen.findByText(SUPPORT_TEXT.success)).toBeTruthy();
  });

  it('promises an Enterprise customer the faster answer when the server marks the message priority', async () => {
    const user = userEvent.setup();
    installFakeApi({
      override: (request) =>
        request.path === '/api/support'
          ? jsonResponse({ id: 6, status: 'received', mailed: true, priority: 'priority' }, 201)
          : undefined,
    });
    renderForm();
    await user.type(await screen.findByLabelText(SUPPORT_TEXT.messageLabel), 'Our QR menu');
    await user.click(submit());
    expect(await screen.findByText(SUPPORT_TEXT.prioritySuccess)).toBeTruthy();
    expect(screen.queryByText(SUPPORT_TEXT.success)).toBeNull();
  });

  it('explains a rate limit and keeps what was typed', async () => {
    const user = userEvent.setup();
    installFakeApi({
      override: (request) =>
        request.path === '/api/support'
          ? jsonResponse({ error: { code: 'RATE_LIMITED', message: 'Too many requests' } }, 429)
          : undefined,
    });
    renderForm();
    await user.type(await screen.findByLabelText(SUPPORT_TEXT.messageLabel), 'Hello again');
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(SUPPORT_TEXT.rateLimited);
    expect(messageField().value).toBe('Hello again');
    await waitFor(() => expect(submit().disabled).toBe(false));
    expect(screen.queryByText(SUPPORT_TEXT.success)).toBeNull();
  });
});
