import { type Algorithm, hash, verify } from '@node-rs/argon2';

// The package exports `Algorithm` as an ambient const enum, which isolated modules cannot read.
const ARGON2ID = 2 as Algorithm;

/** OWASP's argon2id recommendation: m = 19 MiB, t = 2, p = 1. */
export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Tests only (NODE_ENV=test): the cheapest argon2id the library takes. The suites sign up hundreds of
 * fans; at OWASP's cost each hash holds a core for ~50 ms. Verification reads the parameters from the
 * stored hash, so either kind of hash still verifies.
 */
export const ARGON2_TEST_OPTIONS = { ...ARGON2_OPTIONS, memoryCost: 1_024, timeCost: 1 } as const;

export type PasswordHashOptions = typeof ARGON2_OPTIONS | typeof ARGON2_TEST_OPTIONS;

export function passwordHashOptions(nodeEnv: 'development' | 'production' | 'test'): PasswordHashOptions {
  return nodeEnv === 'test' ? ARGON2_TEST_OPTIONS : ARGON2_OPTIONS;
}

/** PHC string ($argon2id$v=19$m=19456,t=2,p=1$…): parameters travel with the hash. */
export function hashPassword(password: string, options: PasswordHashOptions = ARGON2_OPTIONS): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }) {
  try {
    return await verify(stored, password);
  } catch {
    // A malformed stored hash is a failed check, not a 500.
    return false;
  }
}
