import { z } from 'zod';
import { ADMIN_AUDIT_MAX_PAGE_SIZE, ADMIN_AUDIT_PAGE_SIZE } from './admin-audit.ts';
import { storableString } from './text-schema.ts';

const targetTypePattern = /^[a-z][a-z0-9-]{0,39}$/;

/**
 * GET /api/admin/audit?targetType=artist,backup&targetId=&before=&limit=
 * `targetType` is a comma-separated list: a page can show several kinds of target.
 */
export const adminAuditQuerySchema = z.object({
  targetType: storableString()
    .trim()
    .max(200)
    .optional()
    .transform((value) => (value ? value.split(',').map((part) => part.trim()) : []))
    .pipe(z.array(storableString().regex(targetTypePattern, 'Unknown target type.')).max(10)),
  targetId: storableString().trim().min(1).max(200).optional(),
  /** `nextCursor` of the previous page. */
  before: storableString()
    .regex(/^\d{4}-\d\d-\d\dT[\d:.]+Z~[0-9a-f-]{36}$/, 'Invalid cursor.')
    .optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_AUDIT_MAX_PAGE_SIZE).default(ADMIN_AUDIT_PAGE_SIZE),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;
