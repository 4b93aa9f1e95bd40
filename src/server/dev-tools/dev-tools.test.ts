import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import {
  latestMailTo,
  magicLinkIn,
  pathOf,
  postJson,
  randomAddress,
  randomEmail,
  SESSION_COOKIE,
  signIn,
} from '../../../tests/support/auth';
import { CookieJar } from '../../../tests/support/cookie-jar';
import { startMailCapture } from '../../../tests/support/mail-capture';
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { RECOVERY_SUBJECT } from '../mail';
import type { OutboxMessage, AuthHealth } from '@/shared/schemas/dev-tools';

describe.each(testDialects())('developer tools on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { DEV_TOOLS: '1' } });
  });
  afterAll(() => t?.close());

  const recover = (email: unknown) =>
    t.json<{ sent: boolean; email: string } & ApiErrorBody>('/api/dev/recovery-email', postJson({ email }), {
      address: randomAddress(),
    });

  describe('GET /api/dev/auth-health', () => {
    it('shows the configuration and the session, never a secret', async () => {
      const anonymous = await t.json<AuthHealth>('/api/dev/auth-health');
      expect(anonymous.status).toBe(200);
      expect(anonymous.body).toEqual({
        providers: { google: { configured: false, mode: 'off' }, facebook: { configured: false, mode: 'off' } },
        magicLink: true,
        mail: { transport: 'outbox', from: 'Barback <no-reply@barback.app>' },
        session: { signedIn: false },
        baseURL: 'http://localhost:3000',
        trustedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      });
      const jar = await signIn(t, randomEmail('health'));
      const signedIn = await t.json<AuthHealth>('/api/dev/auth-health', { headers: jar.headers() });
      expect(signedIn.body.session).toEqual({
        signedIn: true,
        userId: expect.any(String),
        expiresAt: expect.stringMatching(/^\d{4}-/),
      });
      expect(JSON.stringify(signedIn.body)).not.toContain(TEST_AUTH_SECRET);
    });

    it('names the provider modes without their secrets', async () => {
      const configured = await createTestApp({
        env: {
          GOOGLE_CLIENT_ID: 'google-client-id',
          GOOGLE_CLIENT_SECRET: 'google-very-secret',
          FACEBOOK_CLIENT_ID: 'fb-client-id',
          FACEBOOK_CLIENT_SECRET: 'fb-very-secret',
        },
      });
      try {
        const { body } = await configured.json<AuthHealth>('/api/dev/auth-health');
        expect(body.providers).toEqual({
          google: { configured: true, mode: 'social' },
          facebook: { configured: true, mode: 'social' },
        });
        const text = JSON.stringify(body);
        expect(text).not.toContain('very-secret');
        const started = await configured.json<{ url: string }>('/api/session/oauth/google', postJson({}));
        expect(started.status).toBe(200);
        const authorize = new URL(started.body.url);
        expect(authorize.origin).toBe('https://accounts.google.com');
        expect(authorize.searchParams.get('client_id')).toBe('google-client-id');
        expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/callback/google');
      } finally {
        await configured.close();
      }
    });
  });

  describe('GET /api/dev/mailbox', () => {
    it('lists the dev outbox newest first with DEV_TOOLS=1', async () => {
      const email = randomEmail('box');
      await signIn(t, email);
      await recover(email);
      const { status, body } = await t.json<{ messages: OutboxMessage[] }>('/api/dev/mailbox');
      expect(status).toBe(200);
      const mine = body.messages.filter((message) => message.to === email);
      expect(mine.map((message) => message.subject)).toEqual([RECOVERY_SUBJECT, 'Your Barback sign-in link']);
      expect(mine[0]).toMatchObject({ id: expect.any(Number), text: expect.any(String), html: expect.any(String) });
      expect(body.messages.map((message) => message.id)).toEqual(
        [...body.messages.map((message) => message.id)].sort((a, b) => b - a),
      );
    });

    it('is not there in test or production mode without DEV_TOOLS', async () => {
      const plain = await createTestApp();
      try {
        const { status, body } = await plain.json<ApiErrorBody>('/api/dev/mailbox');
        expect(status).toBe(404);
        expect(body.error.code).toBe('NOT_FOUND');
      } finally {
        await plain.close();
      }
    });
  });

  describe('POST /api/dev/recovery-email', () => {
    it('mails a known user a recovery sign-in link that works', async () => {
      const email = randomEmail('lost');
      await signIn(t, email);
      const { status, body } = await recover(email);
      expect(status).toBe(200);
      expect(body).toEqual({ sent: true, email });
      const mail = await latestMailTo(t, email);
      expect(mail.subject).toBe(RECOVERY_SUBJECT);
      expect(mail.text).toContain('recover');
      const jar = new CookieJar();
      const followed = await t.request(pathOf(magicLinkIn(mail.text)), {}, { address: randomAddress() });
      expect(followed.headers.get('location')).toBe('http://localhost:3000/auth/callback');
      jar.take(followed);
      expect(jar.get(SESSION_COOKIE)).toBeTruthy();
    });

    it('answers the same for an unknown email but sends nothing', async () => {
      const email = randomEmail('nobody');
      const { status, body } = await recover(email);
      expect(status).toBe(200);
      expect(body).toEqual({ sent: true, email });
      await expect(latestMailTo(t, email)).rejects.toThrow(/no mail/);
      expect(await t.database.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst()).toBe(
        undefined,
      );
    });

    it.each([[''], ['   '], [undefined]])('answers 400 "Please enter an email address" for %j', async (email) => {
      const { status, body } = await recover(email);
      expect(status).toBe(400);
      expect(body.error.message).toBe('Please enter an email address');
    });

    it('answers 400 for an email that is not one', async () => {
      const { status, body } = await recover('nope');
      expect(status).toBe(400);
      expect(body.error.message).toContain('email must be a valid email address');
    });
  });
});

describe('the recovery tool when mail fails', () => {
  it('answers 502 MAIL_FAILED with the reason', async () => {
    const smtp = await startMailCapture();
    const t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    try {
      const email = randomEmail('fail');
      await signIn(t, email, randomAddress(), smtp);

      smtp.refuseNext();
      const { status, body } = await t.json<ApiErrorBody>('/api/dev/recovery-email', postJson({ email }), {
        address: randomAddress(),
      });
      expect(status).toBe(502);
      expect(body.error.code).toBe('MAIL_FAILED');
      expect(body.error.message).toMatch(/mailbox unavailable|550/);
    } finally {
      await t.close();
      await smtp.stop();
    }
  });
});
