/**
 * The accounts the browser tests sign in with. tests/e2e/helpers/seed-accounts.ts creates them before
 * the server starts (the admin also gets its role), so tests need no sign-up calls of their own and
 * one test changing its account cannot disturb another.
 */
export const E2E_PASSWORD = 'Encore-Setlist-2026';

export interface E2eAccount {
  email: string;
  password: string;
  fullName: string;
  admin?: boolean;
}

const account = (label: string, fullName: string, admin = false): E2eAccount => ({
  email: `e2e-${label}@example.com`,
  password: E2E_PASSWORD,
  fullName,
  admin,
});

export const accounts = {
  /** Signs in and out, checks the shell and the guards; its password never changes. */
  fan: account('fan', 'Alex Fan'),
  admin: account('admin', 'Ada Admin', true),
  /** Receives a reset mail and gets a new password. */
  reset: account('reset', 'Riley Reset'),
  /** Edits its profile and password in settings. */
  settings: account('settings', 'Sam Settings'),
  /** Turns two-factor on, logs in with a code, turns it off. */
  twoFactor: account('twofactor', 'Toni Totp'),
  /**
   * Signs in with a mailed code. Its own account: a code sign-in proves the address, and Better Auth
   * then drops a password set before the address was verified (a pre-registered account's takeover
   * guard), so this account cannot be shared with password tests.
   */
  code: account('code', 'Casey Code'),
  /** Chooses a home place in settings (places spec). */
  places: account('places', 'Pat Places'),
  /** Copies and resets its calendar feed links, imports shows (calendar.spec.ts). */
  calendar: account('calendar', 'Cleo Calendar'),
  /** Deleted by the settings test. */
  doomed: account('doomed', 'Dana Doomed'),
} satisfies Record<string, E2eAccount>;
