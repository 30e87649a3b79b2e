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

/** PHC string ($argon2id$v=19$m=19456,t=2,p=1$…): parameters travel with the hash. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }) {
  try {
    return await verify(stored, password);
  } catch {
    // A malformed stored hash is a failed check, not a 500.
    return false;
  }
}
