/** Text helpers used on both sides so the server and the browser agree on names and slugs. */

/** Names and acronyms written their own way, found case-insensitively: 'dj shadow' → 'DJ Shadow'. */
const KEPT_SPELLINGS = new Map(
  [
    'DJ',
    'MC',
    'MC5',
    'MGMT',
    'ABBA',
    'AC/DC',
    'R.E.M.',
    'UB40',
    'INXS',
    'KISS',
    'HAIM',
    'CHVRCHES',
    'MØ',
    'BTS',
    'TLC',
    'LCD',
    'XTC',
    'N.W.A',
    'TV',
    'UK',
    'USA',
    'NYC',
    'II',
    'III',
    'IV',
  ].map((spelling) => [spelling.toLowerCase(), spelling]),
);

/** Short words that stay lower-case inside a name: 'Queens of the Stone Age', 'Florence and the Machine'. */
const MINOR_WORDS = new Set(['a', 'an', 'and', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

/** A word styled on purpose ('McCartney', 'alt-J', 'deadmau5' is not): an upper-case letter after a lower-case one. */
const isStyled = (word: string) => /\p{Ll}/u.test(word) && /\p{Ll}[^\s]*\p{Lu}/u.test(word);

/**
 * The spec's title case (first letter of each word capitalised, the rest lower-case) for names that
 * come in all upper or all lower case, with the exceptions a fan expects: known acronyms and stylised
 * names keep their spelling (DJ, MGMT, AC/DC), a word already styled is left alone (McCartney), and
 * short words inside a name stay lower-case ("of the").
 */
export function titleCase(name: string): string {
  const words = name.split(/(\s+)/);
  let last = words.length - 1;
  while (last > 0 && !/\S/.test(words[last]!)) last -= 1;
  return words
    .map((word, index) => {
      if (/^\s*$/.test(word)) return word;
      const lower = word.toLowerCase();
      const kept = KEPT_SPELLINGS.get(lower);
      if (kept) return kept;
      if (isStyled(word)) return word;
      if (index > 0 && index < last && MINOR_WORDS.has(lower)) return lower;
      return lower.replace(/(^|[-/(])(\p{L})/gu, (_match, lead: string, letter: string) => lead + letter.toUpperCase());
    })
    .join('');
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

/**
 * A name as the tour-date merge compares it: 'The Fillmore', 'Fillmore, The' and 'FILLMORE' are
 * one; 'Sigur Rós' is 'Sigur Ros'; '&' is 'and'; British and American spellings of theatre and
 * centre are one.
 */
export function matchKey(name: string): string {
  return name
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/\btheatre\b/g, 'theater')
    .replace(/\bcentre\b/g, 'center')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/^the\s+|\s+the$/g, '')
    .trim();
}
