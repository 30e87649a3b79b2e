import { APIError, createAuthMiddleware } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import type { Database } from '#server/db/client.ts';
import { hitLimit, resetLimit } from '#server/lib/rate-limit.ts';
import { authMessages, fullNameSchema, tooManyAttemptsMessage } from '#shared/auth.ts';
import { isCommonPassword } from './common-passwords.ts';
import { badRequest, bodyField, type HookContext } from './hook-utils.ts';
import { type AccountLimit, accountLimitKey, perAccountRules } from './limits.ts';
import { requireCurrentTotpCode } from './two-factor-hooks.ts';

/**
 * Our rules around Better Auth's endpoints, as before/after hooks keyed by path. Before hooks refuse
 * (throw APIError); after hooks adjust answers to the spec's messages and finish flows.
 */
type Hook = (ctx: HookContext, database: Database) => Promise<void>;

/** Users whose password was just reset, per request, so the after hook can sign them in. */
const resetUsers = new WeakMap<Request, { id: string; twoFactorEnabled?: boolean | null }>();

export function rememberPasswordReset(request: Request | undefined, user: { id: string }): void {
  if (request) resetUsers.set(request, user);
}

function refuseCommonPassword(password: string | undefined): void {
  if (password && isCommonPassword(password)) throw badRequest(authMessages.commonPassword, 'PASSWORD_TOO_COMMON');
}

function checkFullName(ctx: HookContext): void {
  const fullName = (ctx.body as Record<string, unknown> | undefined)?.fullName;
  if (fullName === undefined || fullName === null) return;
  const result = fullNameSchema.safeParse(fullName);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? authMessages.nameTooShort);
}

async function countAccountAttempt(database: Database, limit: AccountLimit, email: string | undefined) {
  if (!email) return;
  const result = await hitLimit(database, accountLimitKey(limit, email), perAccountRules[limit]);
  if (result.allowed) return;
  const seconds = result.retryAfterSeconds;
  throw new APIError(
    'TOO_MANY_REQUESTS',
    { message: tooManyAttemptsMessage(seconds), code: 'RATE_LIMITED' },
    { 'Retry-After': String(seconds) },
  );
}

const beforeHooks: Record<string, Hook> = {
  '/sign-up/email': async (ctx) => {
    checkFullName(ctx);
    refuseCommonPassword(bodyField(ctx, 'password'));
  },
  '/sign-in/email': (ctx, database) => countAccountAttempt(database, 'signIn', bodyField(ctx, 'email')),
  '/request-password-reset': (ctx, database) => countAccountAttempt(database, 'resetRequest', bodyField(ctx, 'email')),
  '/reset-password': async (ctx) => refuseCommonPassword(bodyField(ctx, 'newPassword')),
  '/change-password': async (ctx) => refuseCommonPassword(bodyField(ctx, 'newPassword')),
  '/update-user': async (ctx) => checkFullName(ctx),
  '/email-otp/send-verification-otp': async (ctx, database) => {
    // The spec's message when neither recipient is given (we only send codes by email).
    const email = bodyField(ctx, 'email')?.trim();
    if (!email && !bodyField(ctx, 'phone')?.trim()) throw badRequest(authMessages.otpNeedsRecipient);
    if (!email) throw badRequest('One-time codes are sent by email only.');
    await countAccountAttempt(database, 'otpSend', email);
  },
  '/sign-in/email-otp': async (ctx, database) => {
    await countAccountAttempt(database, 'otpSignIn', bodyField(ctx, 'email'));
    await refuseCodeSignInWithTwoFactor(ctx);
  },
  '/two-factor/disable': (ctx) => requireCurrentTotpCode(ctx),
};

/**
 * A mailed code proves access to the mailbox only; an account with two-factor must also show its
 * second factor, which only the password sign-in asks for. Refused before the code is checked, because
 * Better Auth's code sign-in on an unconfirmed address removes the account's password and sessions.
 */
async function refuseCodeSignInWithTwoFactor(ctx: HookContext): Promise<void> {
  const email = bodyField(ctx, 'email');
  const found = email ? await ctx.context.internalAdapter.findUserByEmail(email.trim().toLowerCase()) : null;
  if (!(found?.user as { twoFactorEnabled?: boolean } | undefined)?.twoFactorEnabled) return;
  throw new APIError('FORBIDDEN', {
    code: 'TWO_FACTOR_REQUIRED',
    message: 'This account uses two-factor authentication. Log in with your password and your authenticator code.',
  });
}

function returnedError(ctx: HookContext): APIError | undefined {
  const returned = ctx.context.returned;
  return returned instanceof APIError ? returned : undefined;
}

/** The spec's client maps these provider messages ('Invalid login credentials', 'already registered'). */
function renameError(ctx: HookContext, fromCode: string, message: string): void {
  const error = returnedError(ctx);
  const body = error?.body as { code?: string } | undefined;
  if (error && body?.code === fromCode) throw new APIError(error.status, { code: fromCode, message });
}

const afterHooks: Record<string, Hook> = {
  '/sign-up/email': async (ctx) =>
    renameError(ctx, 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', authMessages.alreadyRegistered),
  '/sign-in/email': async (ctx, database) => {
    renameError(ctx, 'INVALID_EMAIL_OR_PASSWORD', authMessages.invalidCredentials);
    const email = bodyField(ctx, 'email');
    if (!returnedError(ctx) && email) await resetLimit(database, accountLimitKey('signIn', email));
  },
  '/reset-password': async (ctx) => signInAfterReset(ctx),
};

/** The spec's reset flow ends signed in — unless the account has two-factor, which must be asked. */
async function signInAfterReset(ctx: HookContext): Promise<void> {
  const user = ctx.request ? resetUsers.get(ctx.request) : undefined;
  if (!user || returnedError(ctx) || user.twoFactorEnabled) return;
  const fullUser = await ctx.context.internalAdapter.findUserById(user.id);
  if (!fullUser) return;
  const session = await ctx.context.internalAdapter.createSession(user.id);
  await setSessionCookie(ctx, { session, user: fullUser });
}

export function createAuthHooks(database: Database) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      await beforeHooks[ctx.path]?.(ctx, database);
    }),
    after: createAuthMiddleware(async (ctx) => {
      await afterHooks[ctx.path]?.(ctx, database);
    }),
  };
}
