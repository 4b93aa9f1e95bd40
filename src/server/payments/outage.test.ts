import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import { postJson, randomEmail, signIn } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { PAYMENTS_ENV, postWebhook, revenueCatEvent } from '../../../tests/support/payments';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';

describe.each(testDialects())('payments while the database is away, on %s', (dialect) => {
  let t: TestApp;
  let jar: CookieJar;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: PAYMENTS_ENV });
    jar = await signIn(t, randomEmail('outage'));
    await t.database.destroy();
  });
  afterAll(() => t?.close());

  it('the webhook answers 503 SERVICE_UNAVAILABLE (RevenueCat retries), never a 500 or a stack trace', async () => {
    const response = await postWebhook<ApiErrorBody>(t, revenueCatEvent('INITIAL_PURCHASE', 'someone'));
    expect(response.status).toBe(503);
    expect(response.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.ts|stack/i);
  });

  it.each([
    ['GET /api/me/bar', () => t.json<ApiErrorBody>('/api/me/bar', { headers: jar.headers() })],
    ['POST /api/me/purchases/sync', () => t.json<ApiErrorBody>('/api/me/purchases/sync', postJson({}, jar))],
  ])('%s answers 503 SERVICE_UNAVAILABLE', async (_name, call) => {
    const { status, body } = await call();
    expect(status).toBe(503);
    expect(body.error.code).toBe('SERVICE_UNAVAILABLE');
  });
});
