import { describe, expect, it } from 'vitest';
import { cx } from './class-names.ts';

describe('cx', () => {
  it('joins the classes given, leaving out the false and empty ones', () => {
    expect(cx('flex gap-2', false && 'hidden', undefined, { 'text-accent': true, 'text-muted': false })).toBe(
      'flex gap-2 text-accent',
    );
  });

  it('refuses, in development and tests, two classes one of which would override the other', () => {
    expect(() => cx('h-11 px-5', 'h-8')).toThrow(/Conflicting classes in cx\(\): "h-11 px-5 h-8".*use cn\(\)/);
    expect(() => cx('text-muted', 'text-accent')).toThrow(/Conflicting classes/);
  });

  it('lets classes of different variants stand side by side', () => {
    expect(cx('h-9 sm:h-11', 'border-border-strong hover:border-accent')).toBe(
      'h-9 sm:h-11 border-border-strong hover:border-accent',
    );
  });
});
