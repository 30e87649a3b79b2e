import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInPath } from './return-path.ts';

describe('safeReturnPath', () => {
  it('keeps same-origin relative paths with their query and hash', () => {
    expect(safeReturnPath('/add-show')).toBe('/add-show');
    expect(safeReturnPath('/shows/abc?x=1#notes')).toBe('/shows/abc?x=1#notes');
  });

  it.each([
    null,
    '',
    'add-show',
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/auth',
    '/auth?returnTo=/x',
  ])('refuses %s', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('builds the sign-in link that returns to a page', () => {
    expect(signInPath('/add-show')).toBe('/auth?returnTo=%2Fadd-show');
    expect(safeReturnPath(new URLSearchParams(signInPath('/add-show').split('?')[1]).get('returnTo'))).toBe(
      '/add-show',
    );
  });
});
