import { randomInt } from 'node:crypto';
import type { TestApp } from './test-app';
import { CookieJar } from './cookie-jar';
import type { MailCapture } from './mail-capture';

/** The session cookie's name outside production (production adds the __Secure- prefix). */
export const SESSION_COOKIE = 'barback.session_token';
/** The pending two-factor sign-in cookie. */
export const TWO_FACTOR_COOKIE = 'barback.two_factor';

/** A random private address, so tests that sign users in never share a rate-limit bucket by accident. */
export function randomAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** A fresh, unique test email. */
export function randomEmail(label = 'user'): string {
  return `${label}-${randomInt(1e9).toString(36)}@example.test`;
}

/** The first magic-link URL in an email's text. */
export function magicLinkIn(text: string): string {
  const match = /https?:\/\/\S+\/api\/auth\/magic-link\/verify\?\S+/.exec(text);
  if (!match) throw new Error(`no magic link in:\n${text}`);
  return match[0];
}

/** The recovery link in an email's text (`…/auth/callback?type=recovery#token=…`). */
export function recoveryLinkIn(text: string): string {
  const match = /https?:\/\/\S+\/auth\/callback\?type=recovery#\S+/.exec(text);
  if (!match) throw new Error(`no recovery link in:\n${text}`);
  return match[0];
}

/** The magic-link token a recovery link carries in its fragment. */
export function recoveryTokenOf(link: string): string {
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/** Path and query of a URL, for `app.request`. */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** The origin test apps trust (APP_URL's default with the default PORT). */
export const TEST_ORIGIN = 'http://localhost:3000';

/** JSON request init (POST by default) with optional cookies, sent from the app's own origin as a browser would. */
export function postJson(body: unknown, jar?: CookieJar, method = 'POST'): RequestInit {
  return {
    method,
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...(jar ? jar.headers() : {}) },
    body: JSON.stringify(body),
  };
}

/** Asks for a magic link: `POST /api/auth/sign-in/magic-link`. */
export function requestMagicLink(
  t: TestApp,
  email: string,
  options: { address?: string; headers?: Record<string, string>; body?: Record<string, unknown> } = {},
): Promise<Response> {
  return t.request(
    '/api/auth/sign-in/magic-link',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...options.headers },
      body: JSON.stringify({ email, callbackURL: '/auth/callback', ...options.body }),
    },
    { address: options.address ?? randomAddress() },
  );
}

/** The newest dev-outbox message sent to `email` (the test app's mailer is the outbox unless SMTP_URL was set). */
export async function latestMailTo(
  t: TestApp,
  email: string,
): Promise<{ subject: string; text: string; html: string }> {
  const row = await t.database.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text', 'html'])
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) throw new Error(`no mail to ${email}`);
  return row;
}

/**
 * Signs `email` in through the real magic-link flow (request, read the mail, follow the link) and returns the cookie jar
 * holding the session. The mail is read from the dev outbox, or from `smtp` when the app sends through it.
 * @throws when any step fails or no session cookie comes back.
 */
export async function signIn(
  t: TestApp,
  email = randomEmail(),
  address = randomAddress(),
  smtp?: MailCapture,
): Promise<CookieJar> {
  const since = smtp?.messages.length ?? 0;
  const requested = await requestMagicLink(t, email, { address });
  if (requested.status !== 200)
    throw new Error(`magic link request answered ${requested.status}: ${await requested.text()}`);
  const mail = smtp ? await smtp.waitFor({ to: email, after: since }) : await latestMailTo(t, email);
  const link = magicLinkIn(mail.text);
  const jar = new CookieJar();
  const verified = await t.request(pathOf(link), { headers: jar.headers() }, { address });
  jar.take(verified);
  if (!jar.get(SESSION_COOKIE)) throw new Error(`no session after following the link (status ${verified.status})`);
  return jar;
}

/** The id of the user signed in with `jar`. */
export async function userIdOf(t: TestApp, jar: CookieJar): Promise<string> {
  const { status, body } = await t.json<{ user: { id: string } }>('/api/me', { headers: jar.headers() });
  if (status !== 200) throw new Error(`GET /api/me answered ${status}`);
  return body.user.id;
}
