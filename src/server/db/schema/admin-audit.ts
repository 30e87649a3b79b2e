import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Every admin action (issue 16): who, when, what, and the target's state before and after.
 * `actor_id` is set null when the admin's account is deleted; `actor_email` keeps who it was.
 * `target_type` names the kind of thing acted on ('artist', 'backup', 'job', ...), so each admin
 * page shows the entries that concern it; `target_id` is text because targets are not all UUIDs.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    /** A human name for the target at the time (an artist's name, a backup's file name). */
    targetLabel: text('target_label'),
    before: jsonb('before'),
    after: jsonb('after'),
    // Milliseconds, as JavaScript dates hold them, so a page cursor (created_at, id) compares exactly.
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('admin_audit_log_created_idx').on(t.createdAt),
  ],
);
