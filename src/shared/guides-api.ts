import { z } from 'zod';
import { LOADING_MESSAGE_MAX, TIP_CATEGORIES, TIP_LIMITS, tipMessages } from './guides.ts';
import { storableString } from './text-schema.ts';

/** Request schemas of the guides' routes; the add-tip form checks with `createTipSchema` too. */

export const loadingMessagesMessages = {
  textRequired: 'Write the message',
  textTooLong: `A loading message is at most ${LOADING_MESSAGE_MAX} characters`,
  orderMismatch: 'The order must list every message once',
} as const;

const text = /* @__PURE__ */ storableString({ message: loadingMessagesMessages.textRequired })
  .trim()
  .min(1, { message: loadingMessagesMessages.textRequired })
  .max(LOADING_MESSAGE_MAX, { message: loadingMessagesMessages.textTooLong });

export const createLoadingMessageSchema = /* @__PURE__ */ z.object({ text });
export const updateLoadingMessageSchema = /* @__PURE__ */ z
  .object({ text: text.optional(), enabled: z.boolean().optional() })
  .refine((value) => value.text !== undefined || value.enabled !== undefined, 'Nothing to change');
export const reorderLoadingMessagesSchema = /* @__PURE__ */ z.object({ ids: z.array(z.uuid()).min(1).max(200) });
export const loadingMessageIdSchema = /* @__PURE__ */ z.object({ id: z.uuid() });

export const createTipSchema = /* @__PURE__ */ z.object({
  category: z.enum(TIP_CATEGORIES, { message: tipMessages.category }),
  text: storableString({ message: tipMessages.tooShort })
    .trim()
    .min(TIP_LIMITS.minLength, { message: tipMessages.tooShort })
    .max(TIP_LIMITS.maxLength, { message: tipMessages.tooLong }),
});
export const tipIdSchema = /* @__PURE__ */ z.object({ id: z.uuid() });
export const adminTipsQuerySchema = /* @__PURE__ */ z.object({
  state: z.enum(['pending', 'reported', 'hidden', 'deleted', 'visible']).default('pending'),
});
export const moderateTipSchema = /* @__PURE__ */ z.object({
  action: z.enum(['approve', 'hide', 'delete']),
  reason: storableString().trim().max(TIP_LIMITS.reasonMax).default(''),
});

export const llmUsageQuerySchema = /* @__PURE__ */ z.object({
  days: z.coerce.number().int().min(1).max(366).default(30),
});
