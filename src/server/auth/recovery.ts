import { isAPIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import { AUTH_CALLBACK_PATH, RECOVERY_LINK, type RecoveryEmailResponse } from '@/shared/schemas/session';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import type { Auth, MagicLinkMetadata } from './auth';

/**
 * How long a recovery request takes to answer, whatever the email, ms: long enough for a mail server to take a message, so
 * known and unknown emails answer after the same time and the timing tells nothing.
 */
export const RECOVERY_ANSWER_MS = 1200;

/**
 * The address a recovery email links to: the app's sign-in callback with `type=recovery` and the magic-link token in the
 * fragment (see RECOVERY_LINK), so the token never reaches a server log or a Referer; the client strips it, enters
 * recovery mode and only then exchanges it for a session.
 * @param appUrl APP_URL, without a trailing slash
 * @param token the magic link's one-time token
 */
export function recoveryLinkUrl(appUrl: string, token: string): string {
  const url = new URL(RECOVERY_LINK.path, `${appUrl}/`);
  url.searchParams.set('type', RECOVERY_LINK.type);
  url.hash = new URLSearchParams({ [RECOVERY_LINK.tokenParam]: token }).toString();
  return url.toString();
}

/**
 * Sends an account-recovery link (a magic link whose email is titled 'Recover your Barback account', landing as
 * {@link recoveryLinkUrl}) to `email` when an account has that email; for an unknown email sends nothing and reports the
 * same. Both answers come after `answerAfterMs` (default {@link RECOVERY_ANSWER_MS}) from the start, so neither the answer
 * nor its timing reveals which emails have accounts; a send still running then finishes in the background (a failure is
 * logged by the mailer).
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
}): Promise<RecoveryEmailResponse> {
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
        body: { email, callbackURL: AUTH_CALLBACK_PATH, errorCallbackURL: AUTH_CALLBACK_PATH, metadata },
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
