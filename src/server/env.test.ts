import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/tourguides';

describe('parseEnv', () => {
  it('refuses DATABASE_URL without AUTH_SECRET, in one line naming both', () => {
    // Two processes on one database, each with its own generated secret, would not share sign-ins.
    const attempt = () => parseEnv({ DATABASE_URL });
    expect(attempt).toThrow(EnvError);
    expect(attempt).toThrow(
      /^Invalid environment: AUTH_SECRET: is required with DATABASE_URL \(every server on one database must share it\)$/,
    );
  });

  it('accepts DATABASE_URL with AUTH_SECRET, and the embedded database without one', () => {
    const secret = 'a'.repeat(32);
    expect(parseEnv({ DATABASE_URL, AUTH_SECRET: secret }).AUTH_SECRET).toBe(secret);
    expect(parseEnv({}).AUTH_SECRET).toBeUndefined();
  });

  it('lists several problems one a line', () => {
    expect(() => parseEnv({ PORT: 'x', LOG_LEVEL: 'loud' })).toThrow(
      /^Invalid environment:\n {2}PORT: .+\n {2}LOG_LEVEL: /,
    );
  });
});
