import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import { postJson, randomAddress, randomEmail, signIn, userIdOf } from '../../../tests/support/auth';
import { startMailCapture, type MailCapture } from '../../../tests/support/mail-capture';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import type { SupportReceipt } from '@/shared/schemas/support';

describe.each(testDialects())('POST /api/support on %s', (dialect) => {
  let smtp: MailCapture;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startMailCapture();
    t = await createTestApp({ dialect, env: { SMTP_URL: smtp.url, SUPPORT_EMAIL: 'help@barback.test' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const send = (body: unknown, init: { cookie?: string } = {}) =>
    t.json<SupportReceipt & ApiErrorBody>(
      '/api/support',
      { ...postJson(body), headers: { ...postJson(body).headers, ...(init.cookie ? { cookie: init.cookie } : {}) } },
      { address: randomAddress() },
    );

  it('stores the message and mails it to SUPPORT_EMAIL with the sender as Reply-To', async () => {
    const since = smtp.messages.length;
    const { status, body } = await send({
      email: 'guest@example.test',
      message: '  The batch maths looks off.  ',
      page: '/batch',
    });
    expect(status).toBe(201);
    expect(body).toEqual({ id: expect.any(Number), status: 'received', mailed: true, priority: 'standard' });
    const row = await t.database.db
      .selectFrom('support_message')
      .selectAll()
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: 'guest@example.test',
      message: 'The batch maths looks off.',
      user_id: null,
      page: '/batch',
      priority: 'standard',
      mailed: 1,
    });
    const mail = await smtp.waitFor({ to: 'help@barback.test', after: since });
    expect(mail.headers['reply-to']).toBe('guest@example.test');
    expect(mail.subject).toBe(`Support request #${body.id} from guest@example.test`);
    expect(mail.text).toContain('The batch maths looks off.');
    expect(mail.text).toContain('Page: /batch');
    expect(mail.html).toContain('The batch maths looks off.');
  });

  it('records the signed-in sender', async () => {
    const jar = await signIn(t, randomEmail('member'), randomAddress(), smtp);
    const { status, body } = await send({ email: 'member@example.test', message: 'Hello' }, { cookie: jar.header() });
    expect(status).toBe(201);
    const row = await t.database.db
      .selectFrom('support_message')
      .select('user_id')
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(await userIdOf(t, jar));
  });

  it('keeps the message and answers 201 with mailed false when the mail server refuses it', async () => {
    smtp.refuseNext();
    const { status, body } = await send({ email: 'guest@example.test', message: 'Is anyone there?' });
    expect(status).toBe(201);
    expect(body).toEqual({ id: expect.any(Number), status: 'received', mailed: false, priority: 'standard' });
    const row = await t.database.db
      .selectFrom('support_message')
      .select(['message', 'mailed'])
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ message: 'Is anyone there?', mailed: 0 });
  });

  it.each([
    ['no email', { message: 'hi' }, 'email is required'],
    ['an empty email', { email: ' ', message: 'hi' }, 'email is required'],
    ['an invalid email', { email: 'not-an-email', message: 'hi' }, 'email must be a valid email address'],
    ['no message', { email: 'a@example.test' }, 'message is required'],
    ['a blank message', { email: 'a@example.test', message: '   ' }, 'message is required'],
    [
      'a message over 5000 characters',
      { email: 'a@example.test', message: 'x'.repeat(5001) },
      'message must be at most 5000',
    ],
    ['a page that is not text', { email: 'a@example.test', message: 'hi', page: 7 }, 'page must be text'],
  ])('answers 400 for %s, naming the field', async (_, body, message) => {
    const { status, body: error } = await send(body);
    expect(status).toBe(400);
    expect(error.error.message).toContain(message);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await t.request(
      '/api/support',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'email=a' },
      { address: randomAddress() },
    );
    expect(response.status).toBe(400);
  });

  it('accepts a 5000-character message', async () => {
    expect((await send({ email: 'a@example.test', message: 'y'.repeat(5000) })).status).toBe(201);
  });

  it('refuses a message posted from another site', async () => {
    const response = await t.request(
      '/api/support',
      {
        ...postJson({ email: 'a@example.test', message: 'hi' }),
        headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      },
      { address: randomAddress() },
    );
    expect(response.status).toBe(403);
  });
});
