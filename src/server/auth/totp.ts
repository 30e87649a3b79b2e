import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

/**
 * RFC 6238 TOTP (SHA-1, 6 digits, 30 s) from Better Auth's own utilities, so our check of a code
 * (turning two-factor off) agrees with the twoFactor plugin's by construction.
 */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** One step either side: an authenticator's clock may drift by up to 30 s. */
const DRIFT_STEPS = 1;

const otp = (key: Uint8Array) => createOTP(key, { digits: DIGITS, period: PERIOD_SECONDS });

/** RFC 4226 HOTP for one counter value. */
export function hotp(key: Uint8Array, counter: number): Promise<string> {
  return otp(key).hotp(counter);
}

/** The current code. */
export function totp(key: Uint8Array): Promise<string> {
  return otp(key).totp();
}

/** Accepts the current step and one either side, comparing in constant time. */
export function verifyTotp(key: Uint8Array, code: string): Promise<boolean> {
  return otp(key).verify(code, { window: DRIFT_STEPS });
}

/** Decodes the `secret` of an otpauth:// URI; throws on a character outside base32. */
export function base32Decode(text: string): Uint8Array {
  return base32.decode(text);
}
