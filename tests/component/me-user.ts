import type { MeUser } from '#shared/auth.ts';

/** A signed-in fan as `/api/me` answers, for pages and hooks that read the session. */
export function meUser(overrides: Partial<MeUser> = {}): MeUser {
  return {
    id: 'u1',
    email: 'fan@example.com',
    name: 'Fan',
    fullName: 'Fan Person',
    homeCity: null,
    homePlaceId: null,
    homeRegion: null,
    homeCountry: null,
    homeTimeZone: null,
    emailVerified: true,
    twoFactorEnabled: false,
    isAdmin: false,
    ...overrides,
  };
}
