import { paths } from '#client/lib/paths.ts';

/** The query parameter /auth reads to send a fan back where they were after signing in. */
export const RETURN_TO_PARAM = 'returnTo';

/**
 * The path to go to after sign-in, or null. Only a same-origin relative path is taken: not
 * '//evil.example', '/\evil.example', 'https://…' or 'javascript:…' (an open redirect otherwise),
 * and never /auth itself.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 500 || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return null;
  }
  // Control characters (a tab inside '/\t/evil') are dropped by URL parsers: refuse them.
  if ([...value].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f)) return null;
  const base = 'https://tourguides.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base || url.pathname === paths.signIn) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** '/auth?returnTo=/add-show': the sign-in page that comes back to `path`. */
export function signInPath(path: string): string {
  return `${paths.signIn}?${new URLSearchParams({ [RETURN_TO_PARAM]: path })}`;
}
