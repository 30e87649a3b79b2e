import { describe, expect, it } from 'vitest';
import { base32Decode, totp, verifyTotp } from './totp.ts';

// RFC 6238 appendix B (SHA-1 key), last six digits of the eight-digit codes.
const RFC_KEY = new TextEncoder().encode('12345678901234567890');

describe('TOTP (RFC 6238)', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('at %i s gives %s', (seconds, code) => {
    expect(totp(RFC_KEY, seconds * 1000)).toBe(code);
  });

  it('accepts one step of clock drift either way, not two', () => {
    const now = 1234567890 * 1000;
    expect(verifyTotp(RFC_KEY, totp(RFC_KEY, now - 30_000), now)).toBe(true);
    expect(verifyTotp(RFC_KEY, totp(RFC_KEY, now + 30_000), now)).toBe(true);
    expect(verifyTotp(RFC_KEY, totp(RFC_KEY, now - 60_000), now)).toBe(false);
    expect(verifyTotp(RFC_KEY, '12345', now)).toBe(false);
  });

  it('decodes base32 secrets (RFC 4648 test vector)', () => {
    expect(new TextDecoder().decode(base32Decode('MZXW6YTBOI======'))).toBe('foobar');
    expect(() => base32Decode('not base32!')).toThrow();
  });
});
