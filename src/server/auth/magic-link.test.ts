import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  magicLinkIn,
  pathOf,
  randomAddress,
  randomEmail,
  requestMagicLink,
  SESSION_COOKIE,
} from '../../../tests/support/auth';
import { CookieJar } from '../../../tests/support/cookie-jar';
import { startMailCapture, type MailCapture } from '../../../tests/support/mail-capture';
import { captureLogs, LOG_LEVEL } from '../../../tests/support/log-capture';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { MAGIC_LINK_SUBJECT } from '../mail';

describe.each(testDialects())('magic-link sign-in on %s, mail through a real SMTP server', (dialect) => {
  let smtp: MailCapture;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startMailCapture();
    t = await createTestApp({ dialect, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Barback <no-reply@barback.test>' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Requests a link for `email` and returns the email that arrives over SMTP. */
  async function mailFor(email: string, body: Record<string, unknown> = {}) {
    const since = smtp.messages.length;
    const response = await requestMagicLink(t, email, { body });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: true });
    return smtp.waitFor({ to: email, after: since });
  }

  it('mails a link that says what it is, with a button, the plain link and its expiry, and signs in once', async () => {
    const email = randomEmail('ml');
    const mail = await mailFor(email, { newUserCallbackURL: '/auth/callback?new=1' });
    expect(mail.subject).toBe(MAGIC_LINK_SUBJECT);
    expect(mail.headers.from).toBe('Barback <no-reply@barback.test>');
    const link = magicLinkIn(mail.text);
    expect(mail.text).toContain('sign in to Barback');
    expect(mail.text).toContain('expires in 15 minutes');
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(mail.html).toMatch(/<a [^>]*>Sign in to Barback<\/a>/);
    expect(mail.html).toContain('expires in 15 minutes');
    expect(new URL(link).origin).toBe(t.config.appUrl);

    const address = randomAddress();
    const jar = new CookieJar();
    const first = await t.request(pathOf(link), {}, { address });
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('http://localhost:3000/auth/callback?new=1');
    jar.take(first);
    const cookie = first.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Max-Age=604800/);
    expect(cookie).not.toMatch(/; Secure/);

    const session = await t.json<{ user: { email: string } }>('/api/auth/get-session', { headers: jar.headers() });
    expect(session.body.user.email).toBe(email);

    const again = await t.request(pathOf(link), {}, { address });
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe('http://localhost:3000/auth/callback?error=INVALID_TOKEN');
    expect(again.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
  });

  it('sends a returning user to the callback without ?new=1 and records registration, then login', async () => {
    const email = randomEmail('ret');
    for (const expected of ['/auth/callback?new=1', '/auth/callback']) {
      const link = magicLinkIn((await mailFor(email, { newUserCallbackURL: '/auth/callback?new=1' })).text);
      const followed = await t.request(pathOf(link), {}, { address: randomAddress() });
      expect(followed.headers.get('location')).toBe(`http://localhost:3000${expected}`);
    }
    const user = await t.database.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const events = await t.database.db
      .selectFrom('analytics_event')
      .select(['type', 'plan', 'props'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(events.map((event) => event.type)).toEqual(['registration', 'login']);
    expect(events[0]).toMatchObject({ plan: 'free' });
    expect(JSON.parse(events[0]!.props)).toMatchObject({ method: 'magic-link' });
  });

  it('refuses a link used after 15 minutes', async () => {
    const email = randomEmail('late');
    const link = magicLinkIn((await mailFor(email)).text);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 15 * 60_000 + 1000 });
    const late = await t.request(pathOf(link), {}, { address: randomAddress() });
    expect(late.status).toBe(302);
    expect(late.headers.get('location')).toBe('http://localhost:3000/auth/callback?error=INVALID_TOKEN');
    expect(late.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
    expect(await t.database.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst()).toBe(
      undefined,
    );
  });

  it('still accepts a link used just before it expires', async () => {
    const email = randomEmail('ontime');
    const link = magicLinkIn((await mailFor(email)).text);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 14 * 60_000 });
    const followed = await t.request(pathOf(link), {}, { address: randomAddress() });
    expect(followed.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
  });

  it('makes only the newest link of an email work, and stores no usable token', async () => {
    const email = randomEmail('twice');
    const first = magicLinkIn((await mailFor(email)).text);
    const second = magicLinkIn((await mailFor(email)).text);
    expect(second).not.toBe(first);
    const rows = await t.database.db.selectFrom('verification').select(['identifier', 'value']).execute();
    const token = new URL(second).searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(JSON.stringify(rows)).not.toContain(token);

    const old = await t.request(pathOf(first), {}, { address: randomAddress() });
    expect(old.headers.get('location')).toBe('http://localhost:3000/auth/callback?error=INVALID_TOKEN');
    expect(old.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
    const newest = await t.request(pathOf(second), {}, { address: randomAddress() });
    expect(newest.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
  });

  it('answers 502 MAIL_FAILED when the mail server refuses the message', async () => {
    smtp.refuseNext();
    const response = await requestMagicLink(t, randomEmail('refused'));
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'MAIL_FAILED' });
  });

  it.each([
    ['an invalid email', JSON.stringify({ email: 'not-an-email', callbackURL: '/auth/callback' })],
    ['no email', JSON.stringify({ callbackURL: '/auth/callback' })],
    ['a body that is not JSON', '{"email": '],
  ])('answers 400 for %s', async (_, body) => {
    const response = await t.request(
      '/api/auth/sign-in/magic-link',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body },
      { address: randomAddress() },
    );
    expect(response.status).toBe(400);
  });

  it('refuses a callbackURL on another site', async () => {
    const response = await requestMagicLink(t, randomEmail('evil'), {
      body: { callbackURL: 'https://evil.example/steal' },
    });
    expect(response.status).toBe(403);
  });

  it('ends a link opened without callbackURL in a redirect to the app, never a body holding the session token', async () => {
    const email = randomEmail('nocb');
    const link = new URL(magicLinkIn((await mailFor(email)).text));
    link.searchParams.delete('callbackURL');
    link.searchParams.delete('errorCallbackURL');
    link.searchParams.delete('newUserCallbackURL');
    const jar = new CookieJar();
    const opened = await t.request(pathOf(link.toString()), {}, { address: randomAddress() });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('http://localhost:3000/auth/callback');
    const text = await opened.text();
    jar.take(opened);
    const token = decodeURIComponent(jar.get(SESSION_COOKIE) ?? '').split('.')[0] ?? '';
    expect(token.length).toBeGreaterThanOrEqual(20);
    expect(text).not.toContain(token);
    expect((await t.json<{ user: { email: string } }>('/api/me', { headers: jar.headers() })).body.user.email).toBe(
      email,
    );
    // Spent, the same link still ends in a redirect (with the error), not in JSON.
    const again = await t.request(pathOf(link.toString()), {}, { address: randomAddress() });
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe('http://localhost:3000/auth/callback?error=INVALID_TOKEN');
  });
});

describe.each(testDialects())('sign-in callbacks on %s', (dialect) => {
  let t: TestApp;
  const logs = captureLogs('debug');
  beforeAll(async () => {
    t = await createTestApp({ dialect, logger: logs.logger });
  });
  afterAll(() => t?.close());

  const LEAVING = [
    '/.//evil.example',
    '//evil.example',
    '/\\evil.example',
    '/./..//evil.example/x',
    '/%2F%2Fevil.example',
    '/%2e/%2F/evil.example',
    '/auth/callback\r\nSet-Cookie:x=1',
    '/%E0%A4%A',
  ];

  it.each(LEAVING)('refuses %j as any callback field of a link request, at warn, sending nothing', async (value) => {
    for (const field of ['callbackURL', 'newUserCallbackURL', 'errorCallbackURL']) {
      const email = randomEmail('cb');
      const before = logs.lines.length;
      const response = await requestMagicLink(t, email, { body: { [field]: value } });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        code: 'INVALID_CALLBACK_URL',
        message: `${field} must be a path on this site, starting with /`,
      });
      const written = logs.lines.slice(before);
      expect(written.some((line) => line.level === LOG_LEVEL.warn && line.field === field)).toBe(true);
      expect(written.filter((line) => line.level >= LOG_LEVEL.error)).toEqual([]);
      const sent = await t.database.db.selectFrom('mail_outbox').select('id').where('to_address', '=', email).execute();
      expect(sent).toEqual([]);
    }
  });

  it.each(LEAVING)('refuses %j as the callbackURL of a link being opened', async (value) => {
    const query = new URLSearchParams({ token: 'a'.repeat(32), callbackURL: value });
    const response = await t.request(`/api/auth/magic-link/verify?${query}`, {}, { address: randomAddress() });
    expect(response.status).toBe(403);
    expect(response.headers.get('location')).toBeNull();
  });

  it('keeps paths on this site, with their query', async () => {
    for (const callbackURL of ['/auth/callback', '/auth/callback?new=1', '/settings?linked=google', '/v/a-bar']) {
      const response = await requestMagicLink(t, randomEmail('ok'), { body: { callbackURL } });
      expect(response.status).toBe(200);
    }
  });

  it('refuses a link request sent with cookies from another site', async () => {
    const response = await requestMagicLink(t, randomEmail('csrf'), {
      headers: { origin: 'https://evil.example', cookie: 'barback.session_token=x' },
    });
    expect(response.status).toBe(403);
  });
});
