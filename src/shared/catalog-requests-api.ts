import { z } from 'zod';
import { BULK_APPROVE_MAX, REJECT_REASON_MAX } from './catalog-requests.ts';
import { storableString } from './text-schema.ts';

/** GET /api/admin/catalog-requests?q=&page= — `q` matches artist, venue, city or submitter email. */
export const catalogRequestsQuerySchema = /* @__PURE__ */ z.object({
  q: storableString().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type CatalogRequestsQuery = z.infer<typeof catalogRequestsQuerySchema>;

export const catalogRequestParamSchema = /* @__PURE__ */ z.object({ id: z.uuid() });

const isoDate = /* @__PURE__ */ z.iso.date('Enter a date as YYYY-MM-DD');

/** The edits an admin may make before approving (date, time, tour name, another catalog venue). */
export const approveEditSchema = /* @__PURE__ */ z.object({
  date: isoDate.optional(),
  time: storableString()
    .regex(/^\d\d:\d\d$/, 'Enter a time as HH:MM')
    .nullable()
    .optional(),
  tourName: storableString().trim().min(1).max(200).optional(),
  venueSlug: storableString()
    .regex(/^[a-z0-9-]{1,160}$/)
    .optional(),
});

/** POST /:id/approve — optional edits first. */
export const approveRequestBodySchema = /* @__PURE__ */ z.object({ edit: approveEditSchema.optional() });
export type ApproveRequestBody = z.infer<typeof approveRequestBodySchema>;

export const rejectRequestBodySchema = /* @__PURE__ */ z.object({
  reason: storableString().trim().min(3, 'Say why, in a few words').max(REJECT_REASON_MAX),
});

/** POST /bulk-approve — every pending request matching `q` (the filtered set the admin sees). */
export const bulkApproveBodySchema = /* @__PURE__ */ z.object({
  q: storableString().trim().max(100).default(''),
  /** The count the admin confirmed: refused when the set changed meanwhile. */
  expected: z.number().int().min(1).max(BULK_APPROVE_MAX),
});
