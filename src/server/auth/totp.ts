import { createHmac, timingSafeEqual } from 'node:crypto';

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s), as authenticator apps and Better Auth's twoFactor use it. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;

/** RFC 4226 HOTP for one counter value. */
export function hotp(key: Uint8Array, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', key).update(message).digest();
  const offset = (digest.at(-1) ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, '0');
}

export function totp(key: Uint8Array, at = Date.now()): string {
  return hotp(key, Math.floor(at / 1000 / PERIOD_SECONDS));
}

/** Accepts the current step and one either side (clock drift), in constant time per comparison. */
export function verifyTotp(key: Uint8Array, code: string, at = Date.now()): boolean {
  const step = Math.floor(at / 1000 / PERIOD_SECONDS);
  const given = Buffer.from(code.padEnd(DIGITS, ' ').slice(0, 16));
  return [-1, 0, 1].some((drift) => {
    const expected = Buffer.from(hotp(key, step + drift));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Decodes the `secret` of an otpauth:// URI. */
export function base32Decode(text: string): Uint8Array {
  const clean = text.replace(/=+$/, '').toUpperCase();
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}
