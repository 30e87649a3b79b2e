import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { emailOTP, twoFactor } from 'better-auth/plugins';
import type { Database } from '#server/db/client.ts';
import { accounts, authRateLimits, sessions, twoFactors, users, verifications } from '#server/db/schema/auth.ts';
import type { Env } from '#server/env.ts';
import type { EventBus } from '#server/lib/event-bus.ts';
import type { Logger } from '#server/lib/logger.ts';
import { createMailer, type Mailer } from '#server/lib/mailer.ts';
import { hitLimit } from '#server/lib/rate-limit.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '#shared/auth.ts';
import { CLIENT_IP_HEADER } from './client-ip.ts';
import { existingAccountMail, oneTimeCodeMail, resetPasswordMail, verifyEmailMail } from './emails.ts';
import { createAuthHooks, rememberPasswordReset } from './hooks.ts';
import { accountLimitKey, defaultPerIpRule, perAccountRules, perIpRules } from './limits.ts';
import { hashPassword, passwordHashOptions, verifyPassword } from './password-hash.ts';
import { resolveAuthSecret } from './secret.ts';

export interface AuthDeps {
  env: Env;
  database: Database;
  logger: Logger;
  /** Defaults to SMTP or the outbox, from the environment. */
  mailer?: Mailer;
  /** Closes the event streams of ended sessions in every process. */
  events?: Pick<EventBus, 'announceSessionsEnded'>;
}

/**
 * Better Auth's code-based password reset: the app resets by link only, and these endpoints
 * skipped our per-account mail limit and the common-password check. Disabled: 404.
 */
export const DISABLED_AUTH_PATHS = [
  '/email-otp/request-password-reset',
  '/forget-password/email-otp',
  '/email-otp/reset-password',
  '/email-otp/check-verification-otp',
];

const DAY = 24 * 60 * 60;
/** The spec's reset page; the client reads `token` from the query. */
export const RESET_PASSWORD_PATH = '/auth/reset-password';

/** Better Auth on our database, with our mails, limits and rules. Tests build their own instance. */
export function createAuth(deps: AuthDeps) {
  const { env, database } = deps;
  const mailer = deps.mailer ?? createMailer(env, deps.logger);
  const mailConfigured = Boolean(env.SMTP_URL);
  const hooks = createAuthHooks({ database, events: deps.events });
  const mailAllowed = async (email: string) =>
    (await hitLimit(database, accountLimitKey('verificationMail', email), perAccountRules.verificationMail)).allowed;

  return betterAuth({
    appName: 'TourGuides',
    // Better Auth's own messages ('Invalid password', …) go to our JSON log at debug level and up.
    logger: {
      log: (level, message, ...args) => deps.logger[level]({ args }, message),
    },
    baseURL: env.publicUrl,
    basePath: '/api/auth',
    secret: resolveAuthSecret(env),
    trustedOrigins: [env.publicUrl],
    disabledPaths: DISABLED_AUTH_PATHS,
    database: drizzleAdapter(database.db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
        rateLimit: authRateLimits,
      },
    }),
    user: {
      additionalFields: {
        fullName: { type: 'string', required: false, input: true },
        homeCity: { type: 'string', required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      password: {
        hash: (password) => hashPassword(password, passwordHashOptions(env.NODE_ENV)),
        verify: verifyPassword,
      },
      // With mail, the address must be confirmed first (and sign-up stops telling who is registered).
      requireEmailVerification: mailConfigured,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        const url = `${env.publicUrl}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
        await mailer.send(resetPasswordMail(user.email, url));
      },
      onPasswordReset: async ({ user }, request) => rememberPasswordReset(request, user),
      onExistingUserSignUp: async ({ user }) => {
        // Sign-ups with a taken address answer like new ones, so the mails they cause are capped
        // per account instead: strangers cannot flood an owner's inbox.
        if (!(await mailAllowed(user.email))) return;
        await mailer.send(existingAccountMail(user.email, `${env.publicUrl}/auth`));
      },
    },
    emailVerification: {
      sendOnSignUp: mailConfigured,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, token }) => {
        if (!(await mailAllowed(user.email))) return;
        const callback = encodeURIComponent(`${env.publicUrl}/dashboard`);
        const url = `${env.publicUrl}/api/auth/verify-email?token=${token}&callbackURL=${callback}`;
        await mailer.send(verifyEmailMail(user.email, url));
      },
    },
    session: { expiresIn: 30 * DAY, updateAge: DAY },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: defaultPerIpRule.window,
      max: defaultPerIpRule.max,
      customRules: perIpRules,
    },
    advanced: {
      database: { generateId: 'uuid' },
      cookiePrefix: 'tourguides',
      // Better Auth skips its origin/CSRF check when it detects a test run; keep it on everywhere.
      disableOriginCheck: false,
      useSecureCookies: env.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      // Set by our mount from the socket (or the trusted proxy); never taken from the client.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    hooks,
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: 10 * 60,
        allowedAttempts: 3,
        storeOTP: 'hashed',
        sendVerificationOTP: async ({ email, otp, type }) => {
          await mailer.send(oneTimeCodeMail(email, otp, type));
        },
      }),
      twoFactor({ issuer: 'TourGuides', backupCodeOptions: { amount: 10, length: 10 } }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
