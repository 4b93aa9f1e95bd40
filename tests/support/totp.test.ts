import { describe, expect, it } from 'vitest';
import { decodeBase32, secondsLeftInStep, totpCode, totpFromUri } from './totp';

// The otpauth-backed helpers must agree with RFC 6238's own vectors (Appendix B, SHA-1 key "12345678901234567890"), as
// a person copies the secret (lower case, spaced), and read the otpauth:// URI better-auth hands out.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // base32 of the ASCII "12345678901234567890"

describe('totp test helper (otpauth)', () => {
  it('computes RFC 6238 TOTP vectors from a base32 secret typed by hand', () => {
    expect(decodeBase32('gezd gnbv-gy3t qojq gezd gnbv gy3t qojq').toString('ascii')).toBe('12345678901234567890');
    expect(totpCode(RFC_SECRET, 59 * 1000)).toBe('287082'); // RFC: 94287082 at 8 digits
    expect(totpCode(RFC_SECRET, 1111111109 * 1000)).toBe('081804');
    expect(secondsLeftInStep(1111111109 * 1000)).toBe(1);
  });

  it('reads the period, digits and secret of an otpauth:// URI', () => {
    const uri = (extra: string) => `otpauth://totp/Barback:a?secret=${RFC_SECRET}&issuer=Barback${extra}`;
    expect(totpFromUri(uri(''), 1234567890 * 1000)).toBe('005924');
    expect(totpFromUri(uri('&digits=8'), 2000000000 * 1000)).toBe('69279037');
    expect(() => totpFromUri('otpauth://totp/Barback:a?issuer=Barback')).toThrow(/no secret/);
  });
});
