import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isStorableText, storableString, TEXT_MESSAGES } from './text-schema.ts';

describe('the shared text rule', () => {
  it('refuses a NUL character and lone surrogates, keeps whole emoji and accents', () => {
    for (const bad of ['a\u0000b', '\ud83c', 'x\ud83cy', '\udfb8', 'x\udfb8\ud83c'])
      expect(isStorableText(bad)).toBe(false);
    for (const good of ['', 'Sigur Rós', '🎸 Row A', 'tab\there', '日本']) expect(isStorableText(good)).toBe(true);
    const result = storableString().trim().min(1).safeParse('Row\u0000A');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(TEXT_MESSAGES.unstorable);
  });

  it('is what every string schema in src/shared starts from', () => {
    const folder = new URL('.', import.meta.url);
    const offenders = readdirSync(folder).filter(
      (file) =>
        file.endsWith('.ts') &&
        !file.endsWith('.test.ts') &&
        file !== 'text-schema.ts' &&
        /\bz\s*\.\s*string\(/.test(readFileSync(new URL(file, folder), 'utf8')),
    );
    expect(offenders, 'use storableString() from text-schema.ts instead of z.string()').toEqual([]);
  });
});
