import { storableString } from './text-schema.ts';

/** What a fan or admin reads when a venue's time zone is not one (ADR 0037). */
export const TIME_ZONE_MESSAGE = 'Time zone must be an IANA time zone such as America/Denver';

// Building a formatter is slow and a big file names the same few zones thousands of times.
const validity = new Map<string, boolean>();

/**
 * An IANA zone name ('Europe/Berlin', 'UTC'). Intl also takes offsets ('+05:00') and is lenient
 * about case, so a name must look like one too: a venue's zone is stored as written and used by
 * every calendar feed and guide.
 */
export function isTimeZone(value: string): boolean {
  let valid = validity.get(value);
  if (valid === undefined) {
    valid = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value) && value.length <= 64;
    if (valid) {
      try {
        valid = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone !== undefined;
      } catch {
        valid = false;
      }
    }
    // Bounded: strangers' uploads must not grow it without limit (there are ~600 real zones).
    if (validity.size < 2000) validity.set(value, valid);
  }
  return valid;
}

export const timeZoneSchema = storableString().refine(isTimeZone, TIME_ZONE_MESSAGE);
