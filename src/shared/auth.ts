/**
 * Accounts: form schemas with the spec's messages (section 5) and the JSON shapes of our own account
 * routes. Better Auth's own endpoints (/api/auth/*) keep the library's shapes; see docs/api-accounts.md.
 */
import { z } from 'zod';
import { adminArtistSorts } from './admin-artists.ts';
import { placeIdSchema } from './places.ts';
import { storableString } from './text-schema.ts';

/** Spec section 9: email max 255; password 6 to 72; name 2 to 100. */
export const EMAIL_MAX = 255;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 72;
export const FULL_NAME_MIN = 2;
export const FULL_NAME_MAX = 100;
export const HOME_CITY_MAX = 100;

export const authMessages = {
  invalidEmail: 'Invalid email address',
  emailTooLong: 'Email too long',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password too long',
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: 'Name too long',
  resetInvalidEmail: 'Please enter a valid email address.',
  otpNeedsRecipient: 'You must provide either an email or phone number.',
  commonPassword: 'This password is too common. Please choose a less common password.',
  alreadyRegistered: 'User already registered',
  invalidCredentials: 'Invalid login credentials',
  signInRequired: 'Please sign in.',
  crossSite: 'Cross-site request refused.',
  deleteConfirm: 'Type DELETE to confirm.',
} as const;

/** 'Too many attempts. Please wait {n} seconds and try again.' */
export function tooManyAttemptsMessage(seconds: number): string {
  return `Too many attempts. Please wait ${seconds} seconds and try again.`;
}

export const emailSchema = storableString()
  .trim()
  .email({ message: authMessages.invalidEmail })
  .max(EMAIL_MAX, { message: authMessages.emailTooLong });

export const passwordSchema = storableString()
  .min(PASSWORD_MIN, { message: authMessages.passwordTooShort })
  .max(PASSWORD_MAX, { message: authMessages.passwordTooLong });

export const fullNameSchema = storableString()
  .trim()
  .min(FULL_NAME_MIN, { message: authMessages.nameTooShort })
  .max(FULL_NAME_MAX, { message: authMessages.nameTooLong });

/** The sign-in/sign-up form: fields are checked in this order; the first failing message is shown. */
export const authFormSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  fullName: fullNameSchema.optional(),
});
export type AuthForm = z.infer<typeof authFormSchema>;

/** Sign-up: the same form with the full name required. */
export const signUpFormSchema = authFormSchema.extend({ fullName: fullNameSchema });
export type SignUpForm = z.infer<typeof signUpFormSchema>;

/** Reset mode checks only the email, with its own message. */
export const resetRequestSchema = z.object({
  email: storableString().trim().email({ message: authMessages.resetInvalidEmail }),
});
export type ResetRequest = z.infer<typeof resetRequestSchema>;

/** The new-password page after the mailed link. */
export const resetPasswordSchema = z.object({
  token: storableString().min(1),
  newPassword: passwordSchema,
});

/** One-time code request: an email (or, in the spec, a phone; we only send email). */
export const otpRequestSchema = z
  .object({
    email: storableString().trim().optional(),
    phone: storableString().trim().optional(),
  })
  .refine((value) => Boolean(value.email || value.phone), { message: authMessages.otpNeedsRecipient });

/** Settings: change password (needs the current one). */
export const changePasswordSchema = z.object({
  currentPassword: storableString().min(1, { message: 'Enter your current password' }),
  newPassword: passwordSchema,
  revokeOtherSessions: z.boolean().optional(),
});

/**
 * PATCH /api/account/profile. Home is a place of the gazetteer, chosen by id: the server looks it
 * up and stores its name, region, country, coordinates and time zone (never the client's).
 * null clears home; leaving it out keeps home as it is (a free-text city from before places).
 */
export const profileUpdateSchema = z.object({
  fullName: fullNameSchema,
  homePlaceId: placeIdSchema.nullable().optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** DELETE /api/account — typed confirmation, plus the password when the session is not fresh. */
export const deleteAccountSchema = z.object({
  confirm: z.literal('DELETE', { message: authMessages.deleteConfirm }),
  password: storableString().max(PASSWORD_MAX).optional(),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountSchema>;

/** POST /api/account/two-factor/qr — the QR code of the enrolment URI, as SVG. */
export const totpQrRequestSchema = z.object({
  uri: storableString().max(512).startsWith('otpauth://totp/', { message: 'Not an authenticator URI' }),
});

/** GET /api/me */
export interface MeUser {
  id: string;
  email: string;
  name: string;
  fullName: string | null;
  /** Home: a chosen place (homePlaceId set), or a free-text city from before places (id null). */
  homeCity: string | null;
  homePlaceId: string | null;
  homeRegion: string | null;
  homeCountry: string | null;
  homeTimeZone: string | null;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  isAdmin: boolean;
}
export interface MeResponse {
  user: MeUser | null;
}

/** GET /api/admin/artists?q=&page= */
export const ADMIN_ARTISTS_PAGE_SIZE = 25;
export const adminArtistsQuerySchema = z.object({
  q: storableString().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  sort: z.enum(adminArtistSorts).default('name'),
});
export type AdminArtistsQuery = z.infer<typeof adminArtistsQuerySchema>;

export interface AdminArtistRow {
  id: string;
  name: string;
  slug: string;
  tourCount: number;
  stopCount: number;
}
export interface AdminArtistsPage {
  artists: AdminArtistRow[];
  total: number;
  page: number;
  totalPages: number;
  pageSize: number;
}
