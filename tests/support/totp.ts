import { createHmac } from 'node:crypto';

/**
 * Time-based one-time passwords as an authenticator app computes them (RFC 6238: HOTP of RFC 4226 over 30-second steps,
 * HMAC-SHA1, 6 digits), from the base32 secret a person would type in by hand. node:crypto only.
 */

/** RFC 4648 base32 alphabet. */
const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 6238 defaults, which Barback's issuer keeps (period 30 s, 6 digits). */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;

/**
 * Decodes base32 as people copy it: spaces, dashes and '=' padding are ignored, case does not matter.
 * @throws Error naming the first character outside the alphabet
 */
export function decodeBase32(secret: string): Buffer {
  const clean = secret.replace(/[\s=-]+/g, '').toUpperCase();
  const bytes: number[] = [];
  let buffer = 0;
  let bitCount = 0;
  for (const char of clean) {
    const value = BASE32_ALPHABET.indexOf(char);
    if (value === -1) throw new Error(`"${char}" is not a base32 character`);
    buffer = ((buffer << 5) | value) & 0xffff;
    bitCount += 5;
    if (bitCount >= 8) {
      bitCount -= 8;
      bytes.push((buffer >> bitCount) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** RFC 4226 HOTP: HMAC-SHA1 of the 8-byte big-endian counter, dynamic truncation, `digits` decimal digits. */
export function hotpCode(key: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const number = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(number % 10 ** digits).padStart(digits, '0');
}

/**
 * The TOTP code for a base32 `secret` at time `atMs` (ms since the epoch; default now).
 * @throws Error when the secret is not base32
 */
export function totpCode(secret: string, atMs = Date.now()): string {
  return hotpCode(decodeBase32(secret), Math.floor(atMs / 1000 / TOTP_PERIOD_SECONDS));
}

/** Seconds left in the current 30-second step at `atMs`. */
export function secondsLeftInStep(atMs = Date.now()): number {
  return TOTP_PERIOD_SECONDS - (Math.floor(atMs / 1000) % TOTP_PERIOD_SECONDS);
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
 * URI's `period` and `digits` parameters.
 * @throws Error when the URI has no secret
 */
export function totpFromUri(uri: string, atMs = Date.now()): string {
  const url = new URL(uri);
  const secret = url.searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${uri}`);
  const period = Number(url.searchParams.get('period') ?? TOTP_PERIOD_SECONDS);
  const digits = Number(url.searchParams.get('digits') ?? TOTP_DIGITS);
  return hotpCode(decodeBase32(secret), Math.floor(atMs / 1000 / period), digits);
}
