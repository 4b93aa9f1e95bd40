import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import {
  latestMailTo,
  postJson,
  randomAddress,
  randomEmail,
  recoveryLinkIn,
  recoveryTokenOf,
  SESSION_COOKIE,
  signIn,
} from '../../../tests/support/auth';
import { CookieJar } from '../../../tests/support/cookie-jar';
import { startMailCapture } from '../../../tests/support/mail-capture';
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { RECOVERY_SUBJECT } from '../mail';
import type { OutboxMessage, AuthHealth } from '@/shared/schemas/dev-tools';
import { magicLinkVerifyPath } from '@/shared/schemas/session';

/** The machine itself, as the socket address of a request. */
const LOCAL = { address: '127.0.0.1' };

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
    it('lists the dev outbox newest first with DEV_TOOLS=1, asked from the machine itself', async () => {
      const email = randomEmail('box');
      await signIn(t, email);
      await recover(email);
      const { status, body } = await t.json<{ messages: OutboxMessage[] }>('/api/dev/mailbox', undefined, LOCAL);
      expect(status).toBe(200);
      const mine = body.messages.filter((message) => message.to === email);
      expect(mine.map((message) => message.subject)).toEqual([RECOVERY_SUBJECT, 'Your Barback sign-in link']);
      expect(mine[0]).toMatchObject({ id: expect.any(Number), text: expect.any(String), html: expect.any(String) });
      expect(body.messages.map((message) => message.id)).toEqual(
        [...body.messages.map((message) => message.id)].sort((a, b) => b - a),
      );
    });

    it('answers from every loopback address', async () => {
      for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
        const { status } = await t.json('/api/dev/mailbox', undefined, { address });
        expect(status, address).toBe(200);
      }
    });

    it('is not there for another machine, whatever its headers say', async () => {
      for (const address of ['192.168.1.20', '10.0.0.7', '::ffff:192.168.1.20', 'fe80::1', '203.0.113.9']) {
        const { status, body } = await t.json<ApiErrorBody>(
          '/api/dev/mailbox',
          { headers: { 'X-Forwarded-For': '127.0.0.1', 'X-Real-IP': '127.0.0.1', Host: 'localhost:3000' } },
          { address },
        );
        expect(status, address).toBe(404);
        expect(body.error.code).toBe('NOT_FOUND');
        expect(JSON.stringify(body)).not.toContain('sign-in');
      }
      const unknownSocket = await t.json<ApiErrorBody>('/api/dev/mailbox');
      expect(unknownSocket.status).toBe(404);
      expect(unknownSocket.body.error.code).toBe('NOT_FOUND');
    });

    it('is not there in test or production mode without DEV_TOOLS', async () => {
      const plain = await createTestApp();
      try {
        const { status, body } = await plain.json<ApiErrorBody>('/api/dev/mailbox', undefined, LOCAL);
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
      const link = recoveryLinkIn(mail.text);
      // The token rides in the fragment, which no browser sends to a server.
      expect(new URL(link).search).toBe('?type=recovery');
      const jar = new CookieJar();
      const verify = magicLinkVerifyPath(recoveryTokenOf(link), '/auth/callback?method=email');
      const followed = await t.request(verify, {}, { address: randomAddress() });
      expect(followed.headers.get('location')).toBe('http://localhost:3000/auth/callback?method=email');
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

describe('the dev mailbox outside plain development', () => {
  it('is never there in production, even with DEV_TOOLS=1 and from the machine itself', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production', DEV_TOOLS: '1' } });
    try {
      expect(production.config.nodeEnv).toBe('production');
      for (const address of ['127.0.0.1', '::1']) {
        const { status, body } = await production.json<ApiErrorBody>('/api/dev/mailbox', undefined, { address });
        expect(status, address).toBe(404);
        expect(body.error.code).toBe('NOT_FOUND');
      }
    } finally {
      await production.close();
    }
  });

  it('behind a trusted proxy, answers only when the forwarded client is loopback too', async () => {
    const proxied = await createTestApp({ env: { DEV_TOOLS: '1', TRUST_PROXY_HEADER: 'x-forwarded-for' } });
    try {
      const ask = (headers: Record<string, string>, address = '127.0.0.1') =>
        proxied.json<ApiErrorBody>('/api/dev/mailbox', { headers }, { address });
      expect((await ask({})).status).toBe(404);
      expect((await ask({ 'X-Forwarded-For': '192.168.1.20' })).status).toBe(404);
      expect((await ask({ 'X-Forwarded-For': '127.0.0.1, 192.168.1.20' })).status).toBe(404);
      expect((await ask({ 'X-Forwarded-For': '127.0.0.1' }, '192.168.1.2')).status).toBe(404);
      expect((await ask({ 'X-Forwarded-For': '127.0.0.1' })).status).toBe(200);
    } finally {
      await proxied.close();
    }
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
