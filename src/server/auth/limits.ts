import type { LimitRule } from '#server/lib/rate-limit.ts';
import { VERIFICATION_MAILS_PER_ACCOUNT } from '#shared/write-limits.ts';

/**
 * Abuse limits. Per IP: Better Auth's limiter (database storage) with these rules. Per account:
 * our attempt counters, keyed by the normalised email. Windows in seconds.
 */
export const perIpRules: Record<string, { window: number; max: number } | false> = {
  '/sign-in/email': { window: 60, max: 20 },
  // Sign-up answers whether an email is taken (the spec's message): keep it expensive to probe.
  '/sign-up/email': { window: 600, max: 5 },
  '/request-password-reset': { window: 600, max: 5 },
  '/reset-password': { window: 600, max: 10 },
  '/change-password': { window: 600, max: 10 },
  '/email-otp/send-verification-otp': { window: 600, max: 5 },
  '/sign-in/email-otp': { window: 600, max: 10 },
  '/two-factor/*': { window: 300, max: 15 },
  // Every open tab asks for its session; it only reads the caller's own cookie.
  '/get-session': false,
};

/** Fallback for every other auth path. */
export const defaultPerIpRule = { window: 60, max: 100 };

export const perAccountRules = {
  /** Failed sign-ins per account and client (IPv4 address or IPv6 /64). */
  signIn: { windowSeconds: 15 * 60, max: 10 },
  /** Per account alone, from every client together: a slow distributed guess still stops. */
  signInAccount: { windowSeconds: 15 * 60, max: 50 },
  /** Failed sign-ins from a browser that signed in to the account before (its device cookie, ADR 0039). */
  signInDevice: { windowSeconds: 15 * 60, max: 10 },
  resetRequest: { windowSeconds: 60 * 60, max: 3 },
  otpSend: { windowSeconds: 15 * 60, max: 3 },
  otpSignIn: { windowSeconds: 15 * 60, max: 10 },
  /** Confirmation mails asked for one address, from every client together (issue 28). */
  verificationMail: VERIFICATION_MAILS_PER_ACCOUNT,
} satisfies Record<string, LimitRule>;

export type AccountLimit = keyof typeof perAccountRules;

/** `client` (a clientGroup) narrows the counter to one account from one client. */
export function accountLimitKey(limit: AccountLimit, email: string, client?: string): string {
  const account = `${limit}:${email.trim().toLowerCase()}`;
  return client === undefined ? account : `${account}|${client}`;
}
