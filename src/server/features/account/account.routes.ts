import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { deleteCookie } from 'hono/cookie';
import { clientKey } from '#server/auth/client-ip.ts';
import { noStore, requireUser } from '#server/auth/middleware.ts';
import { requestPhotoSweep } from '#server/features/shows/show-photos.jobs.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { enforceLimit, type LimitRule, perUserWriteLimit } from '#server/lib/rate-limit.ts';
import { validate } from '#server/lib/validate.ts';
import { deleteAccountSchema, type MeResponse, profileUpdateSchema, totpQrRequestSchema } from '#shared/auth.ts';
import { SHOW_IMPORT_LIMITS, showImportQuerySchema } from '#shared/show-portability.ts';
import { deleteAccount, describeUser, exportAccount, totpQrSvg, updateProfile } from './account.service.ts';
import { exportAttendedCsv, importShows } from './show-portability.service.ts';

const importLimit = bodyLimit({
  maxSize: SHOW_IMPORT_LIMITS.maxBytes,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than 16 MB.');
  },
});

/**
 * Deleting the account checks the password: limited like a sign-in, per user (a stolen session
 * cannot guess the password) and per client (one address cannot guess across many accounts).
 */
export const accountDeleteLimits = {
  perUser: { windowSeconds: 15 * 60, max: 5 },
  perClient: { windowSeconds: 15 * 60, max: 10 },
} satisfies Record<string, LimitRule>;

/** GET /api/me: the signed-in user or null (never 401, so the client can ask freely). */
export function meRoutes({ database }: Pick<AppDeps, 'database'>) {
  return new Hono<AppEnv>().use(noStore).get('/', async (c) => {
    const user = c.var.user;
    const body: MeResponse = { user: user ? await describeUser(database, user.id) : null };
    return c.json(body);
  });
}

/** /api/account/*: the signed-in user's own data only (the actor is always c.var.actor). */
export function accountRoutes({
  database,
  env,
  events,
  queue,
}: Pick<AppDeps, 'database' | 'env' | 'events' | 'queue'>) {
  const secureCookie = env.publicUrl.startsWith('https://');
  return (
    new Hono<AppEnv>()
      .use(noStore, requireUser)
      .patch('/profile', validate('json', profileUpdateSchema), async (c) => {
        const user = await updateProfile(database, c.var.actor.userId, c.req.valid('json'));
        return c.json({ user });
      })
      .post('/two-factor/qr', validate('json', totpQrRequestSchema), async (c) => {
        return c.json({ svg: await totpQrSvg(c.req.valid('json').uri) });
      })
      .get('/export', async (c) => {
        const data = await exportAccount(database, c.var.actor.userId);
        c.header('Content-Disposition', 'attachment; filename="tourguides-my-data.json"');
        return c.json(data);
      })
      .get('/export/attended.csv', async (c) => {
        const csv = await exportAttendedCsv(database, c.var.actor.userId);
        c.header('Content-Type', 'text/csv; charset=utf-8');
        c.header('Content-Disposition', 'attachment; filename="tourguides-attended-shows.csv"');
        // A byte-order mark so spreadsheet apps read the file as UTF-8.
        return c.body(`\uFEFF${csv}`);
      })
      // The raw file (JSON export or CSV) as the body; ?dryRun=1 checks and summarises without writing.
      .post(
        '/import',
        perUserWriteLimit(database, 'accountImport'),
        importLimit,
        validate('query', showImportQuerySchema),
        async (c) => {
          const text = await c.req.text();
          return c.json(await importShows(database, c.var.actor.userId, text, c.req.valid('query').dryRun));
        },
      )
      .delete('/', validate('json', deleteAccountSchema), async (c) => {
        const { actor } = c.var;
        await enforceLimit(database, `account-delete-user:${actor.userId}`, accountDeleteLimits.perUser);
        await enforceLimit(
          database,
          `account-delete-client:${clientKey(c, env.TRUST_PROXY)}`,
          accountDeleteLimits.perClient,
        );
        await deleteAccount(database, { actor, session: c.var.session! }, c.req.valid('json'));
        // Its photos' rows went with it (cascade); their files go now.
        await requestPhotoSweep(queue, c.var.log);
        // Its sessions went with it: open event streams in every process close.
        await events.announceSessionsEnded(actor.userId);
        deleteCookie(c, secureCookie ? '__Secure-tourguides.session_token' : 'tourguides.session_token', {
          path: '/',
          secure: secureCookie,
        });
        return c.json({ deleted: true });
      })
  );
}
