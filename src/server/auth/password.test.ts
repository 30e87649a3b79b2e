import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commonPasswordCount, isCommonPassword } from './common-passwords.ts';
import { hashPassword, passwordHashOptions, verifyPassword } from './password-hash.ts';
import { resolveAuthSecret } from './secret.ts';

describe('passwords', () => {
  it('ships the 10,000 most common passwords and matches them case-insensitively', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(9_990);
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('QWERTY123')).toBe(true);
    expect(isCommonPassword('violet-tour-2027')).toBe(false);
  });

  it('hashes with argon2id at OWASP parameters and verifies', async () => {
    const hash = await hashPassword('violet-tour-2027');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword({ hash, password: 'violet-tour-2027' })).toBe(true);
    expect(await verifyPassword({ hash, password: 'violet-tour-2028' })).toBe(false);
    expect(await verifyPassword({ hash: 'not-a-hash', password: 'x' })).toBe(false);
  });

  it('keeps OWASP parameters everywhere but NODE_ENV=test, whose cheap hashes still verify', async () => {
    expect(passwordHashOptions('production')).toMatchObject({ memoryCost: 19_456, timeCost: 2 });
    expect(passwordHashOptions('development')).toMatchObject({ memoryCost: 19_456, timeCost: 2 });
    const cheap = await hashPassword('violet-tour-2027', passwordHashOptions('test'));
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword({ hash: cheap, password: 'violet-tour-2027' })).toBe(true);
  });
});

describe('auth secret', () => {
  it('prefers AUTH_SECRET, else creates one 0600 file and keeps reusing it', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourguides-secret-'));
    try {
      expect(resolveAuthSecret({ AUTH_SECRET: 'x'.repeat(32), dataDir })).toBe('x'.repeat(32));
      const first = resolveAuthSecret({ AUTH_SECRET: undefined, dataDir });
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(resolveAuthSecret({ AUTH_SECRET: undefined, dataDir })).toBe(first);
      expect(fs.statSync(path.join(dataDir, 'auth-secret')).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
