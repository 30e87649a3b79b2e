/**
 * The admin audit log (issue 16): every admin action, who did it, when, and the target's state
 * before and after. Each admin page shows the entries of its own target types.
 */
export interface AdminAuditEntry {
  id: string;
  /** Null once the admin's account is deleted; `actorEmail` still says who it was. */
  actorId: string | null;
  actorEmail: string;
  /** A verb phrase such as 'backup.create', 'artist.merge', 'job.retry'. */
  action: string;
  targetType: string;
  targetId: string | null;
  targetLabel: string | null;
  before: unknown;
  after: unknown;
  /** ISO timestamp. */
  createdAt: string;
}

export interface AdminAuditPage {
  entries: AdminAuditEntry[];
  /** Pass as `before` for the next (older) page; null at the end. */
  nextCursor: string | null;
}

export const ADMIN_AUDIT_PAGE_SIZE = 20;
export const ADMIN_AUDIT_MAX_PAGE_SIZE = 100;
