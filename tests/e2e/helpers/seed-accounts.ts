/**
 * Creates the browser tests' accounts (helpers/accounts.ts) in the database DATA_DIR points at,
 * through Better Auth's own sign-up, and grants the admin role. Run by support/start-server.mjs before
 * the server starts: the embedded database takes one process at a time.
 */
import { createAuth } from '#server/auth/auth.ts';
import { grantRole } from '#server/auth/roles.ts';
import { openDatabase } from '#server/db/open.ts';
import { getEnv } from '#server/env.ts';
import { createLogger } from '#server/lib/logger.ts';
import { accounts } from './accounts.ts';

const env = getEnv();
const database = await openDatabase(env);
try {
  const auth = createAuth({ env, database, logger: createLogger('warn') });
  for (const account of Object.values(accounts)) {
    const { user } = await auth.api.signUpEmail({
      body: { email: account.email, password: account.password, name: account.fullName, fullName: account.fullName },
    });
    if (account.admin) await grantRole(database, user.id, 'admin');
  }
} finally {
  await database.close();
}
