import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import type { Database } from '#server/db/client.ts';
import type { EventBus } from '#server/lib/event-bus.ts';
import { hitLimit, resetLimit } from '#server/lib/rate-limit.ts';
import { authMessages, fullNameSchema, tooManyAttemptsMessage } from '#shared/auth.ts';
import { isStorableText, TEXT_MESSAGES } from '#shared/text-schema.ts';
import { CLIENT_IP_HEADER, clientGroup } from './client-ip.ts';
import { isCommonPassword } from './common-passwords.ts';
import { readDevice, rememberDevice } from './device-cookie.ts';
import { badRequest, bodyField, type HookContext } from './hook-utils.ts';
import { type AccountLimit, accountLimitKey, perAccountRules } from './limits.ts';
import { requireCurrentTotpCode } from './two-factor-hooks.ts';

/**
 * Our rules around Better Auth's endpoints, as before/after hooks keyed by path. Before hooks refuse
 * (throw APIError); after hooks adjust answers to the spec's messages and finish flows.
 */
type Hook = (ctx: HookContext, deps: HookDeps) => Promise<void>;

export interface HookDeps {
  database: Database;
  /** Tells every server process that sessions of a user ended, so its open event streams close. */
  events?: Pick<EventBus, 'announceSessionsEnded'>;
}

/** Users whose password was just reset, per request, so the after hook can sign them in. */
const resetUsers = new WeakMap<Request, { id: string; twoFactorEnabled?: boolean | null }>();

export function rememberPasswordReset(request: Request | undefined, user: { id: string }): void {
  if (request) resetUsers.set(request, user);
}

function refuseCommonPassword(password: string | undefined): void {
  if (password && isCommonPassword(password)) throw badRequest(authMessages.commonPassword, 'PASSWORD_TOO_COMMON');
}

/** Our full name and Better Auth's display `name` (which takes any length) follow the same rule. */
function checkNames(ctx: HookContext): void {
  const body = ctx.body as Record<string, unknown> | undefined;
  for (const field of ['name', 'fullName']) {
    const value = body?.[field];
    if (value === undefined || value === null) continue;
    const result = fullNameSchema.safeParse(value);
    if (!result.success) throw badRequest(result.error.issues[0]?.message ?? authMessages.nameTooShort);
  }
}

/** The address our mount put on the request (never the client's own header), grouped as limits count it. */
function clientOf(ctx: HookContext): string {
  return clientGroup(ctx.headers?.get(CLIENT_IP_HEADER) ?? 'unknown');
}

/**
 * The counters a sign-in counts against. A browser with a valid device cookie for this account
 * (ADR 0039) counts only against itself: strangers who exhaust the account's counters do not
 * lock the owner out of the browsers they signed in from before.
 */
async function signInCounters(ctx: HookContext, email: string): Promise<[AccountLimit, string][]> {
  const device = await readDevice(ctx);
  if (device) {
    const found = await ctx.context.internalAdapter.findUserByEmail(email.trim().toLowerCase());
    if (found?.user.id === device.userId) {
      return [['signInDevice', accountLimitKey('signInDevice', email, device.deviceId)]];
    }
  }
  return [
    ['signIn', accountLimitKey('signIn', email, clientOf(ctx))],
    ['signInAccount', accountLimitKey('signInAccount', email)],
  ];
}

async function countAccountAttempt(database: Database, limit: AccountLimit, email: string | undefined) {
  if (email) await countAttempt(database, limit, accountLimitKey(limit, email));
}

async function countAttempt(database: Database, limit: AccountLimit, key: string) {
  const result = await hitLimit(database, key, perAccountRules[limit]);
  if (result.allowed) return;
  const seconds = result.retryAfterSeconds;
  throw new APIError(
    'TOO_MANY_REQUESTS',
    { message: tooManyAttemptsMessage(seconds), code: 'RATE_LIMITED' },
    { 'Retry-After': String(seconds) },
  );
}

/**
 * Codes are mailed for signing in (and confirming an address). Password resets go by link only:
 * the code-based reset endpoints are disabled (auth.ts), so a reset code could not be used.
 */
const CODE_TYPES = new Set(['sign-in', 'email-verification']);

/**
 * Failed sign-ins count per account and client: a stranger elsewhere cannot lock the owner out
 * (ADR 0003). A higher ceiling per account alone still stops a guess spread over many clients.
 */
async function countSignIn(ctx: HookContext, database: Database): Promise<void> {
  const email = bodyField(ctx, 'email');
  if (!email) return;
  for (const [limit, key] of await signInCounters(ctx, email)) await countAttempt(database, limit, key);
}

const beforeHooks: Record<string, Hook> = {
  '/sign-up/email': async (ctx) => {
    checkNames(ctx);
    refuseCommonPassword(bodyField(ctx, 'password'));
  },
  '/sign-in/email': (ctx, { database }) => countSignIn(ctx, database),
  '/request-password-reset': (ctx, { database }) =>
    countAccountAttempt(database, 'resetRequest', bodyField(ctx, 'email')),
  '/reset-password': async (ctx) => refuseCommonPassword(bodyField(ctx, 'newPassword')),
  '/change-password': async (ctx) => {
    refuseCommonPassword(bodyField(ctx, 'newPassword'));
    await rememberSessionUser(ctx);
  },
  '/update-user': async (ctx) => checkNames(ctx),
  '/email-otp/send-verification-otp': async (ctx, { database }) => {
    // The spec's message when neither recipient is given (we only send codes by email).
    const email = bodyField(ctx, 'email')?.trim();
    if (!email && !bodyField(ctx, 'phone')?.trim()) throw badRequest(authMessages.otpNeedsRecipient);
    if (!email) throw badRequest('One-time codes are sent by email only.');
    if (!CODE_TYPES.has(bodyField(ctx, 'type') ?? '')) {
      throw badRequest('Codes are sent for signing in only. To reset your password, use the emailed link.');
    }
    await countAccountAttempt(database, 'otpSend', email);
  },
  '/sign-in/email-otp': async (ctx, { database }) => {
    await countAccountAttempt(database, 'otpSignIn', bodyField(ctx, 'email'));
    await refuseCodeSignInWithTwoFactor(ctx);
  },
  '/two-factor/disable': (ctx) => requireCurrentTotpCode(ctx),
  '/sign-out': (ctx) => rememberSessionUser(ctx),
  '/revoke-session': (ctx) => rememberSessionUser(ctx),
  '/revoke-sessions': (ctx) => rememberSessionUser(ctx),
  '/revoke-other-sessions': (ctx) => rememberSessionUser(ctx),
};

/** The signed-in user of requests that may end sessions, read before the session is gone. */
const sessionUsers = new WeakMap<Request, string>();

async function rememberSessionUser(ctx: HookContext): Promise<void> {
  if (!ctx.request) return;
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) sessionUsers.set(ctx.request, session.user.id);
}

/**
 * After a request that may have ended sessions: every process re-checks the sessions of this
 * user's open event streams and closes those that ended (sign-out, revocation, reset, a code
 * sign-in that drops the sessions of an unconfirmed address).
 */
async function announceSessionsEnded(ctx: HookContext, deps: HookDeps): Promise<void> {
  if (!deps.events || !ctx.request || returnedError(ctx)) return;
  const userId =
    sessionUsers.get(ctx.request) ?? resetUsers.get(ctx.request)?.id ?? ctx.context.newSession?.user.id ?? undefined;
  if (userId) await deps.events.announceSessionsEnded(userId);
}

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
  '/sign-in/email': async (ctx, { database }) => {
    renameError(ctx, 'INVALID_EMAIL_OR_PASSWORD', authMessages.invalidCredentials);
    const email = bodyField(ctx, 'email');
    // The owner is back: the failures before were theirs, or a stranger's that proved nothing.
    if (returnedError(ctx) || !email) return;
    for (const [, key] of await signInCounters(ctx, email)) await resetLimit(database, key);
  },
  '/reset-password': async (ctx, deps) => {
    await announceSessionsEnded(ctx, deps);
    await signInAfterReset(ctx);
  },
  '/change-password': announceSessionsEnded,
  '/sign-in/email-otp': announceSessionsEnded,
  '/sign-out': announceSessionsEnded,
  '/revoke-session': announceSessionsEnded,
  '/revoke-sessions': announceSessionsEnded,
  '/revoke-other-sessions': announceSessionsEnded,
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

/** Better Auth's bodies skip our schemas: the shared text rule, applied to every string they carry. */
function refuseUnstorableText(value: unknown): void {
  if (typeof value === 'string') {
    if (!isStorableText(value)) throw badRequest(TEXT_MESSAGES.unstorable);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) refuseUnstorableText(item);
  }
}

export function createAuthHooks(deps: HookDeps) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      refuseUnstorableText(ctx.body);
      await beforeHooks[ctx.path]?.(ctx, deps);
    }),
    after: createAuthMiddleware(async (ctx) => {
      await afterHooks[ctx.path]?.(ctx, deps);
      // Every browser that signs in (password, code, second factor, reset) becomes a known device.
      const newSession = ctx.context.newSession;
      if (newSession && !returnedError(ctx)) await rememberDevice(ctx, newSession.user.id);
    }),
  };
}
