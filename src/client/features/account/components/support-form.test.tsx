// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/client/test/fixtures';
import { deferred, installFakeApi } from '../test/fake-api';
import { renderInApp } from '../test/render-app';
import { SUPPORT_SENT_MS, SUPPORT_TEXT, SupportForm } from './support-form';

function renderForm() {
  renderInApp(<SupportForm defaultEmail="ada@example.com" page="/settings" />, { url: '/settings' });
}

const emailField = () => screen.getByLabelText(SUPPORT_TEXT.emailLabel) as HTMLInputElement;
const messageField = () => screen.getByLabelText(SUPPORT_TEXT.messageLabel) as HTMLTextAreaElement;
const submit = () => screen.getByRole('button', { name: /Send message|Sending…|Sent/ }) as HTMLButtonElement;

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
  });

  it('keeps submit disabled, and refuses to send, while the email or the message is empty', async () => {
    const api = installFakeApi();
    renderForm();
    await screen.findByLabelText(SUPPORT_TEXT.messageLabel);
    expect(submit().disabled).toBe(true);

    fireEvent.change(messageField(), { target: { value: '   ' } });
    expect(submit().disabled).toBe(true);
    fireEvent.change(messageField(), { target: { value: 'The Negroni card shows no glass.' } });
    expect(submit().disabled).toBe(false);
    fireEvent.change(emailField(), { target: { value: '' } });
    expect(submit().disabled).toBe(true);

    fireEvent.submit(messageField().form!);
    expect(api.calls('POST /api/support')).toHaveLength(0);
  });

  it('goes idle -> sending -> sent (3 s) -> reset, posting email, message and page', async () => {
    const answer = deferred<Response>();
    const api = installFakeApi({
      override: (request) => (request.path === '/api/support' ? answer.promise : undefined),
    });
    renderForm();
    await screen.findByLabelText(SUPPORT_TEXT.messageLabel);
    fireEvent.change(messageField(), { target: { value: '  The Negroni card shows no glass.  ' } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(submit());

    expect(await screen.findByRole('button', { name: SUPPORT_TEXT.sending })).toBeTruthy();
    expect(api.calls('POST /api/support')[0]?.body).toEqual({
      email: 'ada@example.com',
      message: 'The Negroni card shows no glass.',
      page: '/settings',
    });
    // A second submit while sending sends nothing.
    fireEvent.submit(messageField().form!);
    expect(api.calls('POST /api/support')).toHaveLength(1);

    answer.resolve(jsonResponse({ id: 4, status: 'received', mailed: true }, 201));
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
  });

  it('says the message was received when the server stored it but could not mail it', async () => {
    installFakeApi({
      override: (request) =>
        request.path === '/api/support' ? jsonResponse({ id: 5, status: 'received', mailed: false }, 201) : undefined,
    });
    renderForm();
    fireEvent.change(await screen.findByLabelText(SUPPORT_TEXT.messageLabel), { target: { value: 'Hello' } });
    fireEvent.click(submit());
    expect(await screen.findByText(SUPPORT_TEXT.success)).toBeTruthy();
  });

  it('explains a rate limit and keeps what was typed', async () => {
    installFakeApi({
      override: (request) =>
        request.path === '/api/support'
          ? jsonResponse({ error: { code: 'RATE_LIMITED', message: 'Too many requests' } }, 429)
          : undefined,
    });
    renderForm();
    fireEvent.change(await screen.findByLabelText(SUPPORT_TEXT.messageLabel), { target: { value: 'Hello again' } });
    fireEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(SUPPORT_TEXT.rateLimited);
    expect(messageField().value).toBe('Hello again');
    await waitFor(() => expect(submit().disabled).toBe(false));
    expect(screen.queryByText(SUPPORT_TEXT.success)).toBeNull();
  });
});
