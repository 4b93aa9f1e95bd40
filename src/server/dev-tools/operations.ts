import type { AuthHealth } from '@/shared/schemas/dev-tools';
import { OAUTH_PROVIDERS, providerMode } from '../auth';
import type { CurrentSession } from '../http/current-session';
import type { Config } from '../config';
import type { Mailer } from '../mail';

/** Describes how sign-in is wired on this server and whether the caller is signed in. Never includes a secret. */
export function describeAuthHealth({
  config,
  mailer,
  session,
}: {
  config: Config;
  mailer: Mailer;
  session: CurrentSession | null;
}): AuthHealth {
  const providers = Object.fromEntries(
    OAUTH_PROVIDERS.map((provider) => {
      const mode = providerMode(config, provider);
      return [provider, { configured: mode !== 'off', mode }];
    }),
  ) as AuthHealth['providers'];
  return {
    providers,
    magicLink: true,
    mail: { transport: mailer.transport, from: mailer.from },
    session: session
      ? { signedIn: true, userId: session.user.id, expiresAt: session.session.expiresAt.toISOString() }
      : { signedIn: false },
    baseURL: config.appUrl,
    trustedOrigins: config.trustedOrigins,
  };
}
