/**
 * npm run admin:grant -- EMAIL   /   npm run admin:revoke -- EMAIL
 * Uses the same DATA_DIR / DATABASE_URL as the server. With the embedded database and the server
 * running (it holds the data directory), the running server does it: asked over its operator socket
 * in DATA_DIR (ADR 0036). Otherwise the script opens the database itself.
 */
import { changeAdminRole, type RoleAction } from '#server/auth/admin-role.ts';
import { openDatabase } from '#server/db/open.ts';
import { type Env, EnvError, getEnv } from '#server/env.ts';
import { AppError } from '#server/lib/app-error.ts';
import { acquireDataDirLock } from '#server/lib/data-dir-lock.ts';
import { askOperatorSocket, type OperatorAnswer, operatorSocketPath } from '#server/lib/operator-socket.ts';

const USAGE = 'Usage: npm run admin:grant -- EMAIL   or   npm run admin:revoke -- EMAIL';

function parseArgs(argv: string[]): { action: RoleAction; email: string } | undefined {
  const [action, email, ...rest] = argv;
  if ((action !== 'grant' && action !== 'revoke') || !email || rest.length > 0) return undefined;
  return { action, email };
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (!args) {
    console.error(USAGE);
    return 1;
  }
  const env = getEnv();
  const result = await changeRole(env, args.action, args.email);
  (result.ok ? console.log : console.error)(result.message);
  return result.ok ? 0 : 1;
}

async function changeRole(env: Env, action: RoleAction, email: string): Promise<OperatorAnswer> {
  let releaseLock = () => {};
  if (!env.DATABASE_URL) {
    try {
      releaseLock = acquireDataDirLock(env.dataDir);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'CONFLICT') throw error;
      return askRunningServer(env.dataDir, action, email, error.message);
    }
  }
  const database = await openDatabase(env);
  try {
    return await changeAdminRole(database, action, email);
  } finally {
    await database.close();
    releaseLock();
  }
}

/** The data directory is held by a running server: it changes the role. */
async function askRunningServer(
  dataDir: string,
  action: RoleAction,
  email: string,
  lockMessage: string,
): Promise<OperatorAnswer> {
  try {
    return await askOperatorSocket(dataDir, { command: 'admin-role', action, email });
  } catch (error) {
    return {
      ok: false,
      message:
        `${lockMessage}\nIt did not answer on ${operatorSocketPath(dataDir)} (${(error as Error).message}): ` +
        'wait until it has started and try again, or stop it first.',
    };
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof EnvError || error instanceof AppError ? error.message : error);
    process.exit(1);
  },
);
