import { HOTP, Secret, TOTP, URI } from 'otpauth';

/**
 * Time-based one-time passwords as an authenticator app computes them (RFC 6238: HOTP of RFC 4226 over 30-second steps,
 * HMAC-SHA1, 6 digits), from the base32 secret a person would type in by hand. The arithmetic is the `otpauth` library's
 * (the one authenticator-style tools use); this module only keeps the helpers the server and browser tests call.
 */

/** RFC 6238 defaults, which Barback's issuer keeps (period 30 s, 6 digits). */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;

/**
 * Decodes base32 as people copy it: spaces, dashes and '=' padding are ignored, case does not matter.
 * @throws Error naming the first character outside the alphabet
 */
export function decodeBase32(secret: string): Buffer {
  const clean = secret.replace(/[\s=-]+/g, '').toUpperCase();
  return Buffer.from(Secret.fromBase32(clean).bytes);
}

/** The otpauth secret of raw key bytes. */
function secretOf(key: Uint8Array): Secret {
  return new Secret({ buffer: Uint8Array.from(key).buffer });
}

/** RFC 4226 HOTP: HMAC-SHA1 of the 8-byte big-endian counter, dynamic truncation, `digits` decimal digits. */
export function hotpCode(key: Buffer, counter: number, digits = TOTP_DIGITS): string {
  return HOTP.generate({ secret: secretOf(key), counter, digits });
}

/**
 * The TOTP code for a base32 `secret` at time `atMs` (ms since the epoch; default now).
 * @throws Error when the secret is not base32
 */
export function totpCode(secret: string, atMs = Date.now()): string {
  return TOTP.generate({
    secret: secretOf(decodeBase32(secret)),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    timestamp: atMs,
  });
}

/** Seconds left in the current 30-second step at `atMs`. */
export function secondsLeftInStep(atMs = Date.now()): number {
  return Math.ceil(TOTP.remaining({ period: TOTP_PERIOD_SECONDS, timestamp: Math.floor(atMs / 1000) * 1000 }) / 1000);
}

/**
 * A code that stays valid for at least `minSeconds` more (waits for the next step when the current one is about to end),
 * so a code typed into a form is not rejected because the step rolled over between computing and submitting it.
 */
export async function freshTotpCode(secret: string, minSeconds = 5): Promise<string> {
  const left = secondsLeftInStep();
  if (left < minSeconds) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 100));
  return totpCode(secret);
}

/**
 * The TOTP code of an otpauth:// URI (as better-auth's get-totp-uri returns it) at `atMs` (ms since the epoch); honours the
 * URI's `period`, `digits` and `algorithm` parameters.
 * @throws Error when the URI has no secret or is not a TOTP URI
 */
export function totpFromUri(uri: string, atMs = Date.now()): string {
  if (!new URL(uri).searchParams.get('secret')) throw new Error(`no secret in ${uri}`);
  const otp = URI.parse(uri);
  if (!(otp instanceof TOTP)) throw new Error(`not a TOTP URI: ${uri}`);
  return otp.generate({ timestamp: atMs });
}
