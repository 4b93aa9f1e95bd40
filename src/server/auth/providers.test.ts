import { afterEach, describe, expect, it } from 'vitest';
import { signInProvidersSchema, type SignInProviders } from '@/shared/schemas/session';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';

describe.each(testDialects())('GET /api/session/providers on %s', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('says both providers are unavailable on a server without their client ids', async () => {
    t = await createTestApp({ dialect });
    const { status, body } = await t.json<SignInProviders>('/api/session/providers');
    expect(status).toBe(200);
    expect(signInProvidersSchema.parse(body)).toEqual({ google: false, facebook: false });
  });

  it('offers a provider once its client is configured, and only that one', async () => {
    t = await createTestApp({ dialect, env: { GOOGLE_CLIENT_ID: 'id.apps.example', GOOGLE_CLIENT_SECRET: 'secret' } });
    const { body } = await t.json<SignInProviders>('/api/session/providers');
    expect(body).toEqual({ google: true, facebook: false });
  });
});
