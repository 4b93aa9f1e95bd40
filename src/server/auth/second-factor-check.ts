import { symmetricDecrypt } from 'better-auth/crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * Proof of the second factor for the requests that weaken it or reveal it: turning two-factor off, replacing the backup
 * codes and showing the TOTP secret again need a code, not just a session (a stolen session must neither remove the
 * second factor nor copy it).
 */

/** What a request accepts as proof: a current TOTP code, or also one of the backup codes. */
export type SecondFactorProof = 'totp' | 'totp-or-backup-code';

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
 * True when `code` is a current TOTP code of the row's secret (6 digits, ±1 period) or, when `accepts` allows it, one of
 * its backup codes. The secret and codes are decrypted with `key` (better-auth's secret config, as its twoFactor plugin
 * encrypts them). A row that cannot be decrypted proves nothing.
 * @param code what the user typed (spaces and dashes around digits are ignored for TOTP codes).
 * @param accepts the proof the request takes (default: a TOTP code or a backup code).
 */
export async function proveSecondFactor(
  row: TwoFactorRow,
  code: string,
  key: unknown,
  accepts: SecondFactorProof = 'totp-or-backup-code',
): Promise<boolean> {
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
    if (accepts === 'totp') return false;
    const codes = JSON.parse(await decrypt(row.backupCodes)) as unknown;
    return Array.isArray(codes) && codes.includes(typed);
  } catch {
    return false;
  }
}
