import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Accounts. The first six tables are Better Auth's (core + twoFactor plugin + database rate limits),
 * written by hand to its field list; the JS keys are the field names Better Auth uses, the columns
 * are snake_case. Every per-user row cascades from `users` so deleting an account removes them all.
 */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const userRef = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull().unique('users_email_key'),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  /** The spec's user metadata `full_name`, given on sign-up. */
  fullName: text('full_name'),
  /** Settings: home city, later used for "near you". */
  homeCity: text('home_city'),
  homeLat: doublePrecision('home_lat'),
  homeLon: doublePrecision('home_lon'),
  /** The gazetteer place chosen as home (GeoNames id); null while home is free text or unset. */
  homePlaceId: text('home_place_id'),
  homeRegion: text('home_region'),
  homeCountry: text('home_country'),
  /** IANA zone of home, e.g. 'America/Chicago'. */
  homeTimeZone: text('home_time_zone'),
  /** My Shows' "near home" radius in km; null means anywhere. */
  showsRadiusKm: integer('shows_radius_km').default(100),
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token: text('token').notNull().unique('sessions_token_key'),
    userId: userRef(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: userRef(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    /** argon2id PHC string for the 'credential' provider. */
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

/** Reset tokens, one-time codes, 2FA challenges: short-lived values keyed by identifier. */
export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

export const twoFactors = pgTable(
  'two_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    /** Encrypted with the auth secret. */
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('two_factors_user_idx').on(t.userId), index('two_factors_secret_idx').on(t.secret)],
);

/** Better Auth's per-IP limits (storage: 'database'), shared by every server process. */
export const authRateLimits = pgTable('auth_rate_limits', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull().unique('auth_rate_limits_key_key'),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/** Our own fixed-window counters (per account, per email): one UPSERT per attempt. */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('attempt_counters_window_idx').on(t.windowStart)],
);

/** The spec's user_roles(user_id, role); 'admin' is the role in use. */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: userRef(),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  // The primary key is the unique(user_id, role) pair: a role is granted at most once.
  (t) => [primaryKey({ name: 'user_roles_pkey', columns: [t.userId, t.role] })],
);
