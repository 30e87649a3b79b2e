import { z } from 'zod';

/**
 * The one rule for text a person sends: PostgreSQL can store neither a NUL character (text refuses
 * it) nor a lone UTF-16 surrogate (half an emoji; jsonb refuses its "\ud83c" escape, and UTF-8 has no
 * form for it). Every string schema in src/shared starts from `storableString()`, so such text is a
 * 400 with this message instead of a database error.
 */
export const TEXT_MESSAGES = {
  unstorable:
    'This text contains a character that cannot be saved (a null character or half of an emoji). Remove it and try again.',
} as const;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** False for text holding a NUL character or a lone surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** `z.string()` with the storable-text rule: use it for every string a request carries. */
export function storableString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, { message: TEXT_MESSAGES.unstorable });
}
