import { symmetricDecrypt } from 'better-auth/crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * Proof of the second factor for the changes that weaken it: turning two-factor off and replacing the backup codes need a
 * current TOTP code or one of the backup codes, not just a session (a stolen session must not remove the second factor).
 */

/** The `twoFactor` row better-auth keeps: the TOTP secret and the backup codes, both encrypted with the auth secret. */
export interface TwoFactorRow {
  secret: string;
  backupCodes: string;
}

/** TOTP parameters of better-auth's twoFactor plugin (its defaults: 6 digits every 30 s, SHA-1, RFC 6238). */
const TOTP_DIGITS = 6;
const TOTP_PERIOD_SECONDS = 30;
/** Codes one period before or after now also count (clock drift), as better-auth's own check allows. */
const TOTP_WINDOW = 1;

/**
 * True when `code` is a current TOTP code of the row's secret (6 digits, ±1 period) or one of its backup codes. The secret
 * and codes are decrypted with `key` (better-auth's secret config, as its twoFactor plugin encrypts them). A row that
 * cannot be decrypted proves nothing.
 * @param code what the user typed (spaces and dashes around digits are ignored for TOTP codes).
 */
export async function proveSecondFactor(row: TwoFactorRow, code: string, key: unknown): Promise<boolean> {
  const typed = code.trim();
  if (typed === '') return false;
  const decrypt = (data: string) =>
    symmetricDecrypt({ key: key as Parameters<typeof symmetricDecrypt>[0]['key'], data });
  try {
    const digits = typed.replace(/[\s-]/g, '');
    if (/^\d{6}$/.test(digits)) {
      const totp = new TOTP({
        // better-auth keys its HMAC with the secret text's UTF-8 bytes (its otpauth:// URI is their base32).
        secret: new Secret({ buffer: Uint8Array.from(new TextEncoder().encode(await decrypt(row.secret))).buffer }),
        digits: TOTP_DIGITS,
        period: TOTP_PERIOD_SECONDS,
        algorithm: 'SHA1',
      });
      if (totp.validate({ token: digits, window: TOTP_WINDOW }) !== null) return true;
    }
    const codes = JSON.parse(await decrypt(row.backupCodes)) as unknown;
    return Array.isArray(codes) && codes.includes(typed);
  } catch {
    return false;
  }
}
