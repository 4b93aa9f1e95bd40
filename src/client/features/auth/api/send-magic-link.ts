import { callAuth } from '@/client/lib/auth-client';
import { hrefs } from '@/client/config/paths';

/** Where the magic link lands: the callback, told the method; new users get `new=1` (counted as a registration). */
export const MAGIC_LINK_CALLBACK = hrefs.authCallback('magic-link');
export const MAGIC_LINK_NEW_USER_CALLBACK = `${hrefs.authCallback('magic-link')}&new=1`;

/**
 * Emails a one-time sign-in link (`POST /api/auth/sign-in/magic-link` through better-auth's client, loaded now). The link
 * works once and expires after 15 minutes; it lands on /auth/callback (failures there too, with `?error=`).
 * @param email the address, trimmed
 * @throws ApiError: 429 RATE_LIMITED (5 requests per 10 minutes per address and per email), 400 for an invalid email,
 *   502 MAIL_FAILED when the mail could not be sent, NETWORK_ERROR offline.
 */
export async function sendMagicLink(email: string): Promise<void> {
  await callAuth((client) =>
    client.signIn.magicLink({
      email: email.trim(),
      callbackURL: MAGIC_LINK_CALLBACK,
      newUserCallbackURL: MAGIC_LINK_NEW_USER_CALLBACK,
      errorCallbackURL: MAGIC_LINK_CALLBACK,
    }),
  );
}
