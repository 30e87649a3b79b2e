import type { Executor } from '#server/db/sql.ts';
import type { Actor } from '#server/lib/actor.ts';
import type { AdminAuditEntry, AdminAuditPage } from '#shared/admin-audit.ts';
import type { AdminAuditQuery } from '#shared/admin-audit-api.ts';
import { type AuditRow, insertAuditRow, selectAuditRows } from './audit.repo.ts';

/** Who acted, as the audit log keeps it: the signed-in admin's id and address. */
export interface AuditActor {
  /** Null when the account is not in the database (after a restore from before it existed). */
  id: string | null;
  email: string;
}

/** The audit log's record of a request's actor (`auditActor(c.var.actor)` behind requireAdmin). */
export function auditActor(actor: Actor): AuditActor {
  return { id: actor.userId, email: actor.email };
}

export interface AdminAction {
  actor: AuditActor;
  /** 'area.verb', e.g. 'artist.merge', 'backup.restore', 'job.retry'. */
  action: string;
  /** The kind of thing acted on; the page that concerns it filters by this ('artist', 'backup', 'job'). */
  targetType: string;
  targetId?: string | null;
  targetLabel?: string | null;
  /** The target's state before and after (JSON-serialisable; omit what does not apply). */
  before?: unknown;
  after?: unknown;
}

/**
 * Records one admin action. Pass the transaction that makes the change, so the entry is written
 * if and only if the change is: `await database.db.transaction(async (tx) => { ...change...;
 * await recordAdminAction(tx, {...}) })`.
 */
export async function recordAdminAction(executor: Executor, action: AdminAction): Promise<AdminAuditEntry> {
  const row = await insertAuditRow(executor, {
    actorId: action.actor.id,
    actorEmail: action.actor.email,
    action: action.action,
    targetType: action.targetType,
    targetId: action.targetId ?? null,
    targetLabel: action.targetLabel ?? null,
    before: action.before ?? null,
    after: action.after ?? null,
  });
  return toEntry(row);
}

const CURSOR_SEPARATOR = '~';

/** GET /api/admin/audit: newest first, filtered by target type(s) and optionally one target. */
export async function listAdminActions(executor: Executor, query: AdminAuditQuery): Promise<AdminAuditPage> {
  const before = query.before ? parseCursor(query.before) : undefined;
  const rows = await selectAuditRows(executor, {
    targetTypes: query.targetType,
    targetId: query.targetId,
    before,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page.map(toEntry),
    nextCursor: rows.length > query.limit && last ? toCursor(last) : null,
  };
}

function toEntry(row: AuditRow): AdminAuditEntry {
  return {
    id: row.id,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    before: row.before,
    after: row.after,
    createdAt: row.createdAt.toISOString(),
  };
}

function toCursor(row: AuditRow): string {
  return `${row.createdAt.toISOString()}${CURSOR_SEPARATOR}${row.id}`;
}

function parseCursor(cursor: string): { createdAt: Date; id: string } {
  const [iso, id] = cursor.split(CURSOR_SEPARATOR) as [string, string];
  return { createdAt: new Date(iso), id };
}
