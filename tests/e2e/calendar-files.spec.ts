/**
 * Every kind of .ics the built server writes (support/start-server.mjs runs dist/server/index.js as
 * `npm start` does), fetched and parsed: a subscription feed, one timed show, one all-day show. The
 * bundle once answered all of them with 500 (`__dirname is not defined` in the time-zone package).
 */
import { expect, test } from '@playwright/test';
import { type ApiFan, signUpApiFan } from './support/api-fan.ts';
import { FEATURED, isoDateFromToday } from './support/fixture-catalog.ts';

const today = () => isoDateFromToday(0);

interface TourStop {
  id: string;
  date: string;
  time: string | null;
  timeZone: string | null;
  venueName: string;
}

interface IcsEvent {
  props: Map<string, { params: string; value: string }>;
}

/** RFC 5545 unfolding, then the components: VCALENDAR's own lines, its VTIMEZONEs and VEVENTs. */
function parseIcs(text: string) {
  expect(text, 'lines end with CRLF').not.toMatch(/[^\r]\n/);
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines.at(-1)).toBe('END:VCALENDAR');
  const events: IcsEvent[] = [];
  const timezones: string[] = [];
  let current: IcsEvent | null = null;
  let depth = 0;
  for (const line of lines) {
    const match = /^([A-Z-]+)((?:;[^:]*)?):(.*)$/.exec(line);
    expect(match, `a content line: ${line}`).not.toBeNull();
    const [, name, params, value] = match!;
    if (name === 'BEGIN') depth += 1;
    if (name === 'END') depth -= 1;
    if (name === 'BEGIN' && value === 'VEVENT') current = { props: new Map() };
    else if (name === 'END' && value === 'VEVENT') {
      events.push(current!);
      current = null;
    } else if (current) current.props.set(name!, { params: params!, value: value! });
    if (name === 'TZID' && !current) timezones.push(value!);
  }
  expect(depth, 'every BEGIN has its END').toBe(0);
  return { lines, events, timezones };
}

const compact = (isoDate: string) => isoDate.replaceAll('-', '');

test.describe('calendar files from the built server', () => {
  let fan: ApiFan;
  let timed: TourStop;
  let allDay: TourStop;

  test.beforeAll(async ({ baseURL }) => {
    fan = await signUpApiFan(baseURL!, 'ics');
    const tour = await fan.api.get(`/api/artists/${FEATURED.slug}?today=${today()}`);
    expect(tour.status()).toBe(200);
    const body = (await tour.json()) as { tours: { stops: TourStop[] }[] };
    const stops = body.tours.flatMap((t) => t.stops);
    const upcoming = FEATURED.upcomingDays.map((days) => stops.find((stop) => stop.date === isoDateFromToday(days))!);
    [timed, allDay] = upcoming as [TourStop, TourStop];
    expect(timed.time).toBe('19:30');
    expect(timed.timeZone).toBe('America/Denver');
    expect(allDay.time).toBeNull();
  });

  test.afterAll(async () => {
    await fan?.api.dispose();
  });

  test('one timed show: a TZID start and end with the zone it names', async () => {
    const response = await fan.api.get(`/api/calendar/stops/${timed.id}.ics`);
    expect(response.status(), await response.text()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers()['content-disposition']).toMatch(/^attachment; filename=".+\.ics"$/);
    const { lines, events, timezones } = parseIcs(await response.text());
    expect(lines.some((line) => line.startsWith('REFRESH-INTERVAL'))).toBe(false);
    expect(lines).toContain('BEGIN:VTIMEZONE');
    expect(events).toHaveLength(1);
    const event = events[0]!.props;
    expect(event.get('UID')?.value).toMatch(new RegExp(`^stop-${timed.id}@`));
    expect(event.get('SUMMARY')?.value).toBe(`${FEATURED.name} at ${timed.venueName}`);
    expect(event.get('DTSTART')).toEqual({ params: ';TZID=America/Denver', value: `${compact(timed.date)}T193000` });
    expect(event.get('DTEND')?.params).toBe(';TZID=America/Denver');
    // The zone's rules travel with the file: what the bundled time-zone package provides.
    expect(timezones).toEqual(['America/Denver']);
  });

  test('one all-day show: a DATE start and no zone', async () => {
    const response = await fan.api.get(`/api/calendar/stops/${allDay.id}.ics`);
    expect(response.status(), await response.text()).toBe(200);
    const { events, timezones } = parseIcs(await response.text());
    expect(events).toHaveLength(1);
    const event = events[0]!.props;
    expect(event.get('DTSTART')).toEqual({ params: ';VALUE=DATE', value: compact(allDay.date) });
    expect(event.has('DTEND')).toBe(false);
    expect(event.get('X-MICROSOFT-CDO-ALLDAYEVENT')?.value).toBe('TRUE');
    expect(timezones).toEqual([]);
  });

  test('the Going feed: both shows, one VTIMEZONE, a refresh interval, no cookie needed', async ({ baseURL }) => {
    for (const stop of [timed, allDay]) {
      const marked = await fan.api.put(`/api/shows/stops/${stop.id}`, {
        data: { state: 'going' },
        headers: fan.writeHeaders,
      });
      expect(marked.status(), await marked.text()).toBe(200);
    }
    const feeds = await fan.api.get('/api/calendar/feeds');
    expect(feeds.status()).toBe(200);
    const { feeds: list } = (await feeds.json()) as { feeds: { kind: string; url: string }[] };
    const going = list.find((feed) => feed.kind === 'going')!;
    expect(going.url.startsWith(`${baseURL}/api/calendar/`)).toBe(true);

    // Calendar apps have no cookie: a plain fetch of the secret address.
    const response = await fetch(going.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await response.text();
    const { lines, events, timezones } = parseIcs(text);
    // Calendar apps refresh the subscription on their own (a single show's file has no interval).
    expect(lines.find((line) => line.startsWith('REFRESH-INTERVAL;VALUE=DURATION:'))).toBeTruthy();
    expect(lines.find((line) => line.startsWith('X-PUBLISHED-TTL:'))).toBeTruthy();
    expect(events.map((event) => event.props.get('UID')?.value.split('@')[0]).sort()).toEqual(
      [`stop-${timed.id}`, `stop-${allDay.id}`].sort(),
    );
    expect(timezones).toEqual(['America/Denver']);
    const starts = events.map((event) => event.props.get('DTSTART')!.params).sort();
    expect(starts).toEqual([';TZID=America/Denver', ';VALUE=DATE']);
  });
});
