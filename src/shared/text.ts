/** Text helpers used on both sides so the server and the browser agree on names and slugs. */

/** 'the BLACK keys' → 'The Black Keys': first letter of each word upper, the rest lower. */
export function titleCase(name: string): string {
  return name
    .toLowerCase()
    .replace(/(^|[\s\-/(])(\p{L})/gu, (_match, lead: string, letter: string) => lead + letter.toUpperCase());
}

/** Sort key that ignores a leading 'The ' (any case): 'The Strokes' sorts as 'strokes'. */
export function sortKey(name: string): string {
  return name
    .trim()
    .replace(/^the\s+/i, '')
    .toLowerCase();
}

/** 'Sigur Rós & Friends!' → 'sigur-ros-friends'. Never empty: falls back to 'n-a'. */
export function slugify(text: string): string {
  const slug = text
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'n-a';
}

const US_STATE_CODES: Record<string, string> = {
  alabama: 'AL',
  alaska: 'AK',
  arizona: 'AZ',
  arkansas: 'AR',
  california: 'CA',
  colorado: 'CO',
  connecticut: 'CT',
  delaware: 'DE',
  florida: 'FL',
  georgia: 'GA',
  hawaii: 'HI',
  idaho: 'ID',
  illinois: 'IL',
  indiana: 'IN',
  iowa: 'IA',
  kansas: 'KS',
  kentucky: 'KY',
  louisiana: 'LA',
  maine: 'ME',
  maryland: 'MD',
  massachusetts: 'MA',
  michigan: 'MI',
  minnesota: 'MN',
  mississippi: 'MS',
  missouri: 'MO',
  montana: 'MT',
  nebraska: 'NE',
  nevada: 'NV',
  'new hampshire': 'NH',
  'new jersey': 'NJ',
  'new mexico': 'NM',
  'new york': 'NY',
  'north carolina': 'NC',
  'north dakota': 'ND',
  ohio: 'OH',
  oklahoma: 'OK',
  oregon: 'OR',
  pennsylvania: 'PA',
  'rhode island': 'RI',
  'south carolina': 'SC',
  'south dakota': 'SD',
  tennessee: 'TN',
  texas: 'TX',
  utah: 'UT',
  vermont: 'VT',
  virginia: 'VA',
  washington: 'WA',
  'west virginia': 'WV',
  wisconsin: 'WI',
  wyoming: 'WY',
  'district of columbia': 'DC',
  'puerto rico': 'PR',
};

/** 'New York' → 'NY'. Two uppercase letters and unrecognised values come back unchanged. */
export function stateCode(value: string): string {
  if (/^[A-Z]{2}$/.test(value)) return value;
  return US_STATE_CODES[value.trim().toLowerCase().replace(/\s+/g, ' ')] ?? value;
}
