import { formatLocalTime, formatLongDate, MONTH_NAMES } from '#shared/dates.ts';
import type { GuidePage } from '#shared/guides.ts';

/**
 * "Your night in {city}" by a language model, from the facts only. The prompt carries the facts;
 * the answer is checked before it can reach a page: no URLs, no phone numbers, and no capitalised
 * name that is not in the facts (a model inventing a bar or a station). Anything else: template.
 */

export const STORY_FEATURE = 'guide-story';
export const STORY_MAX_CHARS = 900;

/** The facts a story may use, as the prompt shows them (and the check reads them). */
export function storyFacts(guide: GuidePage): Record<string, unknown> {
  const { stop } = guide;
  return {
    artist: stop.artistName,
    venue: stop.venueName,
    city: stop.city,
    region: stop.region,
    country: stop.country,
    // Written as the page shows them, so the model copies the app's convention (7:30 PM), not 19:30.
    date: formatLongDate(stop.date),
    showTime: stop.time ? formatLocalTime(stop.time) : null,
    sunset: guide.night.sunset ? formatLocalTime(guide.night.sunset) : null,
    places: (guide.around.data?.places ?? []).slice(0, 12).map((place) => ({
      name: place.name,
      kind: place.kind,
      walkMinutes: place.walkMinutes,
    })),
    forecast: guide.weather.data,
    typicalWeather: guide.weather.typical.data,
  };
}

export function storyPrompt(guide: GuidePage): { system: string; user: string } {
  return {
    system:
      'You write a short, warm paragraph (60-110 words) for a concert-goer titled "Your night in <city>". ' +
      'Use ONLY the facts given as JSON. Do not add any place, street, business, URL or phone number that is not in the facts. ' +
      'Write dates and times exactly as the facts give them (for example 7:30 PM). Plain text, no headings, no lists.',
    user: JSON.stringify(storyFacts(guide)),
  };
}

const ALWAYS_ALLOWED = new Set(
  [
    'Your',
    'You',
    'The',
    'A',
    'An',
    'If',
    'After',
    'Before',
    'Then',
    'It',
    'Its',
    'This',
    'That',
    'There',
    'For',
    'With',
    'And',
    'But',
    'Grab',
    'Enjoy',
    'Doors',
    'Sunset',
    'Expect',
    'Bring',
    'Take',
    'Walk',
    'Head',
    'Catch',
    'Plan',
    'When',
    'Monday',
    'Tuesday',
    'Wednesday',
    'Thursday',
    'Friday',
    'Saturday',
    'Sunday',
    ...MONTH_NAMES,
    'I',
    'Celsius',
    'C',
  ].map((word) => word.toLowerCase()),
);

/** Why the text may not be shown, or null when it passes. */
export function checkStory(text: string, guide: GuidePage): string | null {
  if (text.length > STORY_MAX_CHARS) return 'too long';
  if (/(https?:\/\/|www\.|\b[a-z0-9-]+\.(com|org|net|io|de|uk|fr|jp)\b)/i.test(text)) return 'contains a URL';
  if (/\+?\d[\d\s().-]{7,}\d/.test(text.replace(/\b\d{1,2}:\d{2}\b/g, '').replace(/\b\d{4}-\d{2}-\d{2}\b/g, ''))) {
    return 'contains a phone number';
  }
  const facts = JSON.stringify(storyFacts(guide)).toLowerCase();
  // Capitalised words: every one must come from the facts (or be an ordinary sentence word).
  for (const match of text.matchAll(/\b\p{Lu}[\p{L}'’-]*/gu)) {
    const word = match[0].replace(/['’]s$/, '');
    // A sentence's first word is capitalised anyway; a name there still shows in the words after it.
    const before = text.slice(0, match.index).trimEnd();
    if (before === '' || /[.!?:]$/.test(before)) continue;
    if (ALWAYS_ALLOWED.has(word.toLowerCase())) continue;
    if (!facts.includes(word.toLowerCase())) return `names "${word}", which is not in the facts`;
  }
  return null;
}
