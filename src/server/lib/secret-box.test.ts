import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

describe('secret box', () => {
  const box = createSecretBox('x'.repeat(40), 'music-tokens');

  it('round-trips, with a fresh IV each time', () => {
    const a = box.seal('token-123', 'user-1:access');
    const b = box.seal('token-123', 'user-1:access');
    expect(a).not.toBe(b);
    expect(a).not.toContain('token-123');
    expect(box.open(a, 'user-1:access')).toBe('token-123');
  });

  it('refuses a value moved to another row or field, altered, or sealed with another key', () => {
    const sealed = box.seal('token-123', 'user-1:access');
    expect(() => box.open(sealed, 'user-2:access')).toThrow();
    expect(() => box.open(sealed, 'user-1:refresh')).toThrow();
    const [v, iv, body] = sealed.split('.');
    const flipped = `${body!.slice(0, 2)}${body![2] === 'A' ? 'B' : 'A'}${body!.slice(3)}`;
    expect(() => box.open(`${v}.${iv}.${flipped}`, 'user-1:access')).toThrow();
    expect(() => createSecretBox('y'.repeat(40), 'music-tokens').open(sealed, 'user-1:access')).toThrow();
    expect(() => createSecretBox('x'.repeat(40), 'other-purpose').open(sealed, 'user-1:access')).toThrow();
    expect(() => box.open('garbage', 'user-1:access')).toThrow();
  });
});
