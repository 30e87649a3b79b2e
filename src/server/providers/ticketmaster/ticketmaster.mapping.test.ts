import { describe, expect, it } from 'vitest';
import { tmEventToSourceStop } from './ticketmaster.mapping.ts';
import { tmEventSchema } from './ticketmaster.schemas.ts';

const event = (sales: unknown) =>
  tmEventSchema.parse({
    id: 'G5vYZ9NL060',
    name: 'Northern Lanterns',
    url: 'https://www.ticketmaster.com/event/G5vYZ9NL060',
    ...(sales === undefined ? {} : { sales }),
    dates: {
      start: { localDate: '2026-10-03', localTime: '20:00:00', dateTime: '2026-10-04T00:00:00Z' },
      timezone: 'America/New_York',
      status: { code: 'onsale' },
    },
    _embedded: {
      venues: [{ name: 'House of Blues Boston', city: { name: 'Boston' }, country: { countryCode: 'US' } }],
    },
  });

describe('Ticketmaster sale times on the listing', () => {
  it('keeps the public sale and the earliest presale, with its name', () => {
    const listing = tmEventToSourceStop(
      event({
        public: { startDateTime: '2026-09-04T14:00:00Z', startTBD: false, startTBA: false },
        presales: [
          { name: 'Official Platinum', startDateTime: '2026-09-02T14:00:00Z', endDateTime: '2026-09-03T04:00:00Z' },
          { name: 'Artist Presale', startDateTime: '2026-09-01T14:00:00Z', endDateTime: '2026-09-03T04:00:00Z' },
        ],
      }),
    );
    expect(listing).toMatchObject({
      onSaleAt: '2026-09-04T14:00:00.000Z',
      presaleAt: '2026-09-01T14:00:00.000Z',
      presaleName: 'Artist Presale',
    });
  });

  it('keeps no time while it is to be announced, absent or malformed, and keeps the event', () => {
    for (const sales of [
      { public: { startTBA: true } },
      { public: { startDateTime: '2026-09-04T14:00:00Z', startTBD: true } },
      { public: { startDateTime: 'soon' }, presales: [{ name: 'Fan Club', startDateTime: null }] },
      'not an object',
      undefined,
    ]) {
      expect(tmEventToSourceStop(event(sales))).toMatchObject({
        externalId: 'G5vYZ9NL060',
        onSaleAt: null,
        presaleAt: null,
        presaleName: null,
      });
    }
  });
});
