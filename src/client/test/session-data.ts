import type { SessionData } from '@/shared/schemas/session';

/**
 * A signed-in session as the client holds it (SessionData), for tests: user 'user-1' (ada@example.com, free plan) with
 * session `id`; `user` and `session` override single fields (ISO 8601 times).
 */
export function testSessionData(
  id: string,
  overrides: { user?: Partial<SessionData['user']>; session?: Partial<SessionData['session']> } = {},
): SessionData {
  return {
    user: {
      id: 'user-1',
      email: 'ada@example.com',
      name: '',
      image: null,
      emailVerified: true,
      twoFactorEnabled: false,
      createdAt: '2025-03-04T10:00:00.000Z',
      updatedAt: '2025-03-05T10:00:00.000Z',
      appMetadata: { entitlements: [], plan: 'free' },
      ...overrides.user,
    },
    session: {
      id,
      userId: 'user-1',
      expiresAt: '2099-01-01T00:00:00.000Z',
      createdAt: '2025-03-05T10:00:00.000Z',
      ...overrides.session,
    },
  };
}
