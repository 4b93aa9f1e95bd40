import { createHmac } from 'node:crypto';

/**
 * RFC 6238 TOTP codes for tests, from an otpauth:// URI (RFC 4226 HOTP over 30-second steps, HMAC-SHA1, 6 digits unless
 * the URI says otherwise), computed with node:crypto only.
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Decodes RFC 4648 base32 (padding and case ignored). */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The HOTP value of `counter` under `key` (RFC 4226 dynamic truncation). */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', key).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary =
    ((digest[offset]! & 0x7f) << 24) | (digest[offset + 1]! << 16) | (digest[offset + 2]! << 8) | digest[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The TOTP code of an otpauth:// URI at `at` (ms since the epoch). */
export function totpFromUri(uri: string, at = Date.now()): string {
  const url = new URL(uri);
  const secret = url.searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${uri}`);
  const period = Number(url.searchParams.get('period') ?? 30);
  const digits = Number(url.searchParams.get('digits') ?? 6);
  return hotp(base32Decode(secret), Math.floor(at / 1000 / period), digits);
}
