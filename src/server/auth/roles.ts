import { and, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { userRoles, users } from '#server/db/schema/auth.ts';
import type { Actor, ActorWithRole } from '#server/lib/actor.ts';

export type Role = 'admin';

/** The one server-side role check (the spec's has_role(user_id, role)). */
export async function hasRole(database: Database, userId: string, role: Role): Promise<boolean> {
  const rows = await database.db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
    .limit(1);
  return rows.length > 0;
}

/** The request's actor with its admin role, for services whose rules differ for admins. */
export async function withAdminRole(database: Database, actor: Actor): Promise<ActorWithRole> {
  return { ...actor, isAdmin: await hasRole(database, actor.userId, 'admin') };
}

export async function findUserIdByEmail(database: Database, email: string): Promise<string | undefined> {
  const rows = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return rows[0]?.id;
}

/** Grants a role; granting twice is harmless. */
export async function grantRole(database: Database, userId: string, role: Role): Promise<void> {
  await database.db.insert(userRoles).values({ userId, role }).onConflictDoNothing();
}

/** Revokes a role; true when the user had it. */
export async function revokeRole(database: Database, userId: string, role: Role): Promise<boolean> {
  const removed = await database.db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
    .returning({ role: userRoles.role });
  return removed.length > 0;
}
