/**
 * Country names as sources write them ('United States', 'USA', 'UK', 'Deutschland') to ISO
 * 3166-1 alpha-2 codes: the tour scraper's pages and Bandsintown's venues name countries.
 */

/** Codes of countries that no longer exist or are not countries: 'Germany' is DE, not DD. */
const RETIRED_CODES = new Set([
  'DD',
  'FX',
  'SU',
  'YU',
  'CS',
  'ZR',
  'TP',
  'BU',
  'NT',
  'AN',
  'QO',
  'EU',
  'EZ',
  'UN',
  'ZZ',
  'XK',
]);

const countryCodes = (() => {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const map = new Map<string, string>([
    ['usa', 'US'],
    ['u.s.a.', 'US'],
    ['u.s.', 'US'],
    ['america', 'US'],
    ['uk', 'GB'],
    ['england', 'GB'],
    ['scotland', 'GB'],
    ['wales', 'GB'],
    ['great britain', 'GB'],
    ['deutschland', 'DE'],
    ['holland', 'NL'],
  ]);
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (RETIRED_CODES.has(code)) continue;
      const name = names.of(code);
      // First code wins: 'France' is FR, not the old FX ('Metropolitan France').
      if (name && name !== code && !map.has(name.toLowerCase())) map.set(name.toLowerCase(), code);
    }
  }
  return map;
})();

/** 'US', 'usa', 'United States', {name:…} → 'US'; null when unrecognised. */
export function countryCode(value: string | null): string | null {
  if (!value) return null;
  const cleaned = value.trim();
  // Names and aliases first: 'UK' is a common way to write GB.
  const named = countryCodes.get(cleaned.toLowerCase());
  if (named) return named;
  return /^[A-Za-z]{2}$/.test(cleaned) ? cleaned.toUpperCase() : null;
}
