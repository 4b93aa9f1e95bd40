import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { createMailer, MailError, redactTokens } from './mailer';
import { listOutbox } from './outbox';
import { escapeHtml, magicLinkEmail, supportEmail } from './templates';

describe('redactTokens', () => {
  it('hides every token value, in a query or a fragment, and nothing else', () => {
    expect(redactTokens('Go to https://x.test/verify?token=abc123&callbackURL=%2F now')).toBe(
      'Go to https://x.test/verify?token=[redacted]&callbackURL=%2F now',
    );
    expect(redactTokens('https://x.test/a?b=1&token=zz')).toBe('https://x.test/a?b=1&token=[redacted]');
    expect(redactTokens('https://x.test/auth/callback?type=recovery#token=zz')).toBe(
      'https://x.test/auth/callback?type=recovery#token=[redacted]',
    );
    expect(redactTokens('no link here')).toBe('no link here');
  });
});

describe('the email templates', () => {
  it('escape what they include in HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const mail = supportEmail({
      to: 'help@x.test',
      from: 'a@x.test',
      message: '<script>alert(1)</script>',
      page: null,
      userId: null,
      id: 3,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.text).toContain('<script>alert(1)</script>');
    expect(mail.replyTo).toBe('a@x.test');
  });

  it('word the recovery link differently from the sign-in link', () => {
    const signIn = magicLinkEmail({
      to: 'a@x.test',
      url: 'https://x.test/v?token=t',
      expiresInMinutes: 15,
      purpose: 'sign-in',
    });
    const recovery = magicLinkEmail({
      to: 'a@x.test',
      url: 'https://x.test/v?token=t',
      expiresInMinutes: 15,
      purpose: 'recovery',
    });
    expect(signIn.subject).toBe('Your Barback sign-in link');
    expect(recovery.subject).toBe('Recover your Barback account');
    for (const mail of [signIn, recovery]) {
      expect(mail.text).toContain('https://x.test/v?token=t');
      expect(mail.text).toContain('expires in 15 minutes');
    }
  });
});

describe('the dev outbox', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(() => database?.drop());

  function capturingLogger() {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        callback();
      },
    });
    return { logger: pino({ level: 'info' }, stream), lines };
  }

  it('keeps each message and logs it, with sign-in tokens redacted outside development', async () => {
    for (const nodeEnv of ['production', 'development'] as const) {
      const { logger, lines } = capturingLogger();
      const mailer = createMailer({
        config: { smtpUrl: null, mailFrom: 'Barback <no-reply@barback.app>', nodeEnv },
        db: database.db,
        logger,
      });
      expect(mailer.transport).toBe('outbox');
      await mailer.send(
        magicLinkEmail({
          to: `${nodeEnv}@x.test`,
          url: 'https://x.test/v?token=SECRET1',
          expiresInMinutes: 15,
          purpose: 'sign-in',
        }),
      );
      const [latest] = await listOutbox({ db: database.db });
      expect(latest).toMatchObject({ to: `${nodeEnv}@x.test`, subject: 'Your Barback sign-in link' });
      expect(latest!.text).toContain('token=SECRET1');
      const logged = JSON.stringify(lines);
      expect(logged).toContain(`${nodeEnv}@x.test`);
      if (nodeEnv === 'production') expect(logged).not.toContain('SECRET1');
      else expect(logged).toContain('SECRET1');
    }
  });

  it('reports an unreachable SMTP server as a MailError with the reason', async () => {
    const mailer = createMailer({
      config: { smtpUrl: 'smtp://127.0.0.1:1', mailFrom: 'Barback <no-reply@barback.app>', nodeEnv: 'test' },
      db: database.db,
      logger: pino({ level: 'silent' }),
    });
    const sending = mailer.send({ to: 'a@x.test', subject: 's', text: 't', html: '<p>t</p>' });
    await expect(sending).rejects.toBeInstanceOf(MailError);
    await expect(sending).rejects.toThrow(/ECONNREFUSED/);
    mailer.close();
  });
});
