import type { Database } from '#server/db/client.ts';
import { findUserIdByEmail, grantRole, revokeRole } from './roles.ts';

export type RoleAction = 'grant' | 'revoke';

export interface RoleChangeResult {
  ok: boolean;
  message: string;
}

/** `npm run admin:grant -- EMAIL` / `admin:revoke`: the rule, apart from the process around it. */
export async function changeAdminRole(
  database: Database,
  action: RoleAction,
  email: string,
): Promise<RoleChangeResult> {
  const userId = await findUserIdByEmail(database, email);
  if (!userId) {
    return { ok: false, message: `No account with the email ${email}. The person must sign up first.` };
  }
  if (action === 'grant') {
    await grantRole(database, userId, 'admin');
    return { ok: true, message: `${email} is now an admin.` };
  }
  const had = await revokeRole(database, userId, 'admin');
  return { ok: true, message: had ? `${email} is no longer an admin.` : `${email} was not an admin; nothing changed.` };
}
