import { describe, expect, it } from 'vitest';
import { SCRAPE_AMBIGUITIES } from '#shared/tour-scraper.ts';
import { extractFromHtml } from './extract.ts';
import { artistFromTitle, countryCode, readStart, resolveEvents, statusOf } from './resolve.ts';

/** The reference's composed tour page (shared/reference/guide-providers.md §5): its variations mixed on purpose. */
const GRAPH = {
  '@context': 'https://schema.org',
  '@graph': [
    { '@type': 'MusicGroup', '@id': 'https://northernlanterns.example/#band', name: 'Northern Lanterns' },
    {
      '@type': 'MusicEvent',
      name: 'Northern Lanterns – Spring Tour 2027',
      url: 'https://northernlanterns.example/tour/2027-03-04-berlin',
      startDate: '2027-03-04T20:00:00+01:00',
      eventStatus: 'https://schema.org/EventScheduled',
      location: {
        '@type': 'MusicVenue',
        name: 'Halle Beispiel',
        address: { '@type': 'PostalAddress', addressLocality: 'Berlin', postalCode: '10965', addressCountry: 'DE' },
        geo: { '@type': 'GeoCoordinates', latitude: 52.4834, longitude: 13.3899 },
      },
      performer: { '@id': 'https://northernlanterns.example/#band' },
      offers: { '@type': 'Offer', url: 'https://tickets.example/e/1001' },
    },
    {
      '@type': 'MusicEvent',
      name: 'Northern Lanterns – Amsterdam',
      url: 'https://northernlanterns.example/tour/2027-03-06-amsterdam',
      startDate: '2027-03-06T20:30',
      previousStartDate: '2027-03-05T20:30',
      eventStatus: 'https://schema.org/EventRescheduled',
      location: { '@type': 'Place', name: 'Zaal Voorbeeld', address: 'Voorbeeldstraat 6, 1017 Amsterdam, NL' },
      performer: [
        { '@type': 'MusicGroup', name: 'Northern Lanterns' },
        { '@type': 'MusicGroup', name: 'Opening Act' },
      ],
      offers: [{ '@type': 'Offer', url: 'https://tickets.example/e/1002' }],
    },
    {
      '@type': 'Event',
      name: 'Northern Lanterns (London)',
      url: 'https://northernlanterns.example/tour/2027-03-08-london',
      startDate: '2027-03-08',
      eventStatus: 'EventCancelled',
      location: {
        '@type': 'Place',
        name: 'Example Forum',
        address: { '@type': 'PostalAddress', addressLocality: 'London', addressCountry: 'GB' },
      },
    },
  ],
};

const html = `<html><body><script type="application/ld+json">
${JSON.stringify(GRAPH)}
</script></body></html>`;

describe('extraction and resolution', () => {
  it('reads the reference tour page: @graph, @id performers, string addresses, statuses', () => {
    const { events } = extractFromHtml(html, 'https://northernlanterns.example/tour');
    const rows = resolveEvents(events, 'https://northernlanterns.example/tour', {
      pageDate: '2026-11-01',
      gazetteer: null,
      artistHint: null,
    });
    expect(
      rows.map((row) => [
        row.artistName,
        row.date,
        row.localTime,
        row.venueName,
        row.city,
        row.countryCode,
        row.status,
      ]),
    ).toEqual([
      ['Northern Lanterns', '2027-03-04', '20:00', 'Halle Beispiel', 'Berlin', 'DE', 'scheduled'],
      ['Northern Lanterns', '2027-03-06', '20:30', 'Zaal Voorbeeld', 'Amsterdam', 'NL', 'rescheduled'],
      ['Northern Lanterns', '2027-03-08', null, 'Example Forum', 'London', 'GB', 'cancelled'],
    ]);
    // Berlin's offset matches the zone at its coordinates; the time stays as written.
    expect(rows[0]!.timeZone).toBe('Europe/Berlin');
    expect(rows[0]!.externalId).toBe('https://northernlanterns.example/tour/2027-03-04-berlin');
    expect(rows[2]!.artistName).toBe('Northern Lanterns');
  });

  it('resolves dates: offsets to the venue zone, UTC without a zone flagged, years from the page date', () => {
    const raw = (start: string) => ({ start }) as Parameters<typeof readStart>[0];
    expect(readStart(raw('2027-07-01T02:00:00Z'), 'America/Denver', '2026-11-01')).toEqual({
      date: '2027-06-30',
      time: '20:00',
      ambiguities: [],
    });
    expect(readStart(raw('2027-07-01T02:00:00Z'), null, '2026-11-01').ambiguities).toEqual([SCRAPE_AMBIGUITIES.noZone]);
    expect(readStart(raw('Sat, Oct 12 8pm'), null, '2026-11-20')).toEqual({
      date: '2027-10-12',
      time: '20:00',
      ambiguities: [SCRAPE_AMBIGUITIES.noYear(2027)],
    });
    expect(readStart(raw('12 December'), null, '2026-11-20').date).toBe('2026-12-12');
    expect(readStart(raw('--02-30'), null, '2026-11-20').ambiguities).toEqual([SCRAPE_AMBIGUITIES.unreadableDate]);
    expect(readStart(raw('soon!'), null, '2026-11-20').date).toBeNull();
  });

  it('names countries, statuses and artists as pages write them', () => {
    expect([
      countryCode('United States'),
      countryCode('usa'),
      countryCode('Germany'),
      countryCode('France'),
      countryCode('UK'),
    ]).toEqual(['US', 'US', 'DE', 'FR', 'GB']);
    expect(countryCode('Atlantis')).toBeNull();
    expect(['http://schema.org/EventPostponed', 'EventCancelled', 'scheduled', null].map(statusOf)).toEqual([
      'postponed',
      'cancelled',
      'scheduled',
      'scheduled',
    ]);
    expect(artistFromTitle('Marble Comets at the Bluebird')).toBe('Marble Comets');
    expect(artistFromTitle('Marble Comets – Spring Tour')).toBe('Marble Comets');
  });

  it('ignores broken JSON-LD and finds .ics links and widgets', () => {
    const page = extractFromHtml(
      `<script type="application/ld+json">{not json</script>
       <a href="webcal://cal.example/tour.ics">Subscribe</a>
       <a class="bit-widget-initializer" data-artist-name="Glass Meridian"></a>`,
      'https://band.example/',
    );
    expect(page.events).toEqual([]);
    expect(page.icsLinks).toEqual(['https://cal.example/tour.ics']);
    expect(page.widgets.bandsintownArtist).toBe('Glass Meridian');
  });
});
