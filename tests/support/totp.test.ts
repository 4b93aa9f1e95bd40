import { describe, expect, it } from 'vitest';
import { decodeBase32, hotpCode, totpCode, totpFromUri } from './totp';

// The test peers compute one-time codes as an authenticator app would; they must agree with the RFCs' own vectors.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // base32 of the ASCII "12345678901234567890"

describe('totp test peer', () => {
  it('decodes base32 and reproduces RFC 4226 HOTP vectors', () => {
    const key = decodeBase32(RFC_SECRET);
    expect(key.toString('ascii')).toBe('12345678901234567890');
    expect(hotpCode(key, 0)).toBe('755224');
    expect(hotpCode(key, 9)).toBe('520489');
  });

  it('reproduces RFC 6238 TOTP vectors (SHA-1, 30 s steps)', () => {
    expect(hotpCode(decodeBase32(RFC_SECRET), Math.floor(59 / 30), 8)).toBe('94287082');
    expect(totpCode(RFC_SECRET, 1111111109 * 1000)).toBe('081804');
    expect(totpFromUri(`otpauth://totp/Barback:a?secret=${RFC_SECRET}&issuer=Barback`, 1234567890 * 1000)).toBe(
      '005924',
    );
  });
});
