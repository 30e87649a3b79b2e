import { afterEach, describe, expect, it, vi } from 'vitest';
import { base32Decode, hotp, totp, verifyTotp } from './totp.ts';

// RFC 6238 appendix B (SHA-1 key), last six digits of the eight-digit codes.
const RFC_KEY = new TextEncoder().encode('12345678901234567890');

describe('TOTP (RFC 6238)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('at %i s gives %s', async (seconds, code) => {
    vi.useFakeTimers({ now: seconds * 1000, toFake: ['Date'] });
    expect(await totp(RFC_KEY)).toBe(code);
  });

  it('gives RFC 4226 HOTP values', async () => {
    // RFC 4226 appendix D, counters 0 and 9.
    expect(await hotp(RFC_KEY, 0)).toBe('755224');
    expect(await hotp(RFC_KEY, 9)).toBe('520489');
  });

  it('accepts one step of clock drift either way, not two', async () => {
    const now = 1234567890 * 1000;
    const codeAt = async (at: number) => {
      vi.setSystemTime(at);
      return totp(RFC_KEY);
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    const before = await codeAt(now - 30_000);
    const after = await codeAt(now + 30_000);
    const tooOld = await codeAt(now - 60_000);
    vi.setSystemTime(now);
    expect(await verifyTotp(RFC_KEY, before)).toBe(true);
    expect(await verifyTotp(RFC_KEY, after)).toBe(true);
    expect(await verifyTotp(RFC_KEY, tooOld)).toBe(false);
    expect(await verifyTotp(RFC_KEY, '12345')).toBe(false);
  });

  it('decodes base32 secrets (RFC 4648 test vector)', () => {
    expect(new TextDecoder().decode(base32Decode('MZXW6YTBOI======'))).toBe('foobar');
    expect(() => base32Decode('not base32!')).toThrow();
  });
});
