import { isAPIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import type { AuthHealth } from '@/shared/schemas/dev-tools';
import { OAUTH_PROVIDERS, providerMode, type Auth, type MagicLinkMetadata } from '../auth';
import type { CurrentSession } from '../http/session';
import type { Config } from '../config';
import type { Database } from '../db/types';
import { AppError } from '../errors';
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

/** Where a recovery link lands (the client's sign-in callback page). */
export const RECOVERY_CALLBACK_PATH = '/auth/callback';

/**
 * How long the recovery tool takes to answer, whatever the email, ms: long enough for a mail server to take a message, so
 * known and unknown emails answer after the same time and the timing tells nothing.
 */
export const RECOVERY_ANSWER_MS = 1200;

/**
 * Sends an account-recovery sign-in link (a magic link whose email is titled 'Recover your Barback account') to `email`
 * when an account has that email; for an unknown email sends nothing and reports the same. Both answers come after
 * `answerAfterMs` (default {@link RECOVERY_ANSWER_MS}) from the start, so neither the answer nor its timing reveals which
 * emails have accounts; a send still running then finishes in the background (a failure is logged by the mailer).
 * @param headers the caller's request headers (better-auth requires them).
 * @throws AppError MAIL_FAILED (502) with the mail server's reason when the email could not be sent within that time.
 */
export async function sendRecoveryEmail({
  db,
  auth,
  email,
  headers,
  answerAfterMs = RECOVERY_ANSWER_MS,
}: {
  db: Kysely<Database>;
  auth: Auth;
  email: string;
  headers: Headers;
  answerAfterMs?: number;
}): Promise<{ sent: true; email: string }> {
  const deadline = new Promise<'deadline'>((resolve) => setTimeout(() => resolve('deadline'), answerAfterMs));
  const send = (async () => {
    const known = await db
      .selectFrom('user')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .executeTakeFirst();
    if (!known) return;
    const metadata: MagicLinkMetadata = { purpose: 'recovery' };
    try {
      await auth.api.signInMagicLink({
        body: { email, callbackURL: RECOVERY_CALLBACK_PATH, errorCallbackURL: RECOVERY_CALLBACK_PATH, metadata },
        headers,
      });
    } catch (error) {
      if (isAPIError(error) && (error.body as { code?: unknown } | undefined)?.code === 'MAIL_FAILED') {
        throw new AppError('MAIL_FAILED', error.message || 'the mail server refused the message', { cause: error });
      }
      throw error;
    }
  })();
  const first = await Promise.race([
    send.then(
      () => ({ failed: false as const }),
      (error: unknown) => ({ failed: true as const, error }),
    ),
    deadline,
  ]);
  await deadline;
  if (first !== 'deadline' && first.failed) throw first.error;
  return { sent: true, email };
}
