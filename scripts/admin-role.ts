/**
 * npm run admin:grant -- EMAIL   /   npm run admin:revoke -- EMAIL
 * Uses the same DATA_DIR / DATABASE_URL as the server. With the embedded database the server must be
 * stopped first (one process per data directory).
 */
import { changeAdminRole, type RoleAction } from '#server/auth/admin-role.ts';
import { openDatabase } from '#server/db/open.ts';
import { EnvError, getEnv } from '#server/env.ts';
import { AppError } from '#server/lib/app-error.ts';
import { acquireDataDirLock } from '#server/lib/data-dir-lock.ts';

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
  const releaseLock = env.DATABASE_URL ? () => {} : acquireDataDirLock(env.dataDir);
  const database = await openDatabase(env);
  try {
    const result = await changeAdminRole(database, args.action, args.email);
    (result.ok ? console.log : console.error)(result.message);
    return result.ok ? 0 : 1;
  } finally {
    await database.close();
    releaseLock();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof EnvError || error instanceof AppError ? error.message : error);
    process.exit(1);
  },
);
