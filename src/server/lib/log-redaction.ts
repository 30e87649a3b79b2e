/**
 * Paths whose last segment is a secret: whoever reads it can subscribe to a fan's calendar or open
 * their shared trip. Request logs keep the route but never the token (issue 28).
 */
const SECRET_PATHS: RegExp[] = [
  // /api/calendar/{token}.ics — but not /api/calendar/stops/{stopId}.ics, whose id is public.
  /^(\/api\/calendar\/)(?!stops\/)[^/]+(\.ics)$/i,
  /^(\/api\/trips\/shared\/)[^/]+()$/,
  /^(\/trip\/)[^/]+()$/,
];

export const REDACTED = '[token]';

export function redactSecretsInPath(path: string): string {
  for (const pattern of SECRET_PATHS) {
    if (pattern.test(path)) return path.replace(pattern, `$1${REDACTED}$2`);
  }
  return path;
}
