import { describe, expect, it } from 'vitest';
import { listedByText, saleTimesText, ticketOffers } from './tour-sources.ts';

const source = (provider: string, ticketUrl: string | null, seller: string | null = null) => ({
  provider,
  url: null,
  ticketUrl,
  seller,
});

describe('tour sources as fans read them', () => {
  it('offers one ticket link per seller, best source first, else the stop’s own link', () => {
    const sources = [
      source('bandsintown', 'https://www.bandsintown.com/t/1'),
      source('jambase', 'https://tickets.example/a', 'Ticketmaster'),
      source('ticketmaster', 'https://www.ticketmaster.com/event/1', 'Ticketmaster'),
    ];
    expect(ticketOffers(sources, 'https://own.example/')).toEqual([
      { seller: 'Ticketmaster', url: 'https://www.ticketmaster.com/event/1' },
      { seller: 'Bandsintown', url: 'https://www.bandsintown.com/t/1' },
    ]);
    expect(ticketOffers([source('jambase', null)], 'https://own.example/')).toEqual([
      { seller: null, url: 'https://own.example/' },
    ]);
    expect(ticketOffers([], null)).toEqual([]);
    expect(listedByText(sources)).toBe('Listed by Ticketmaster, JamBase, Bandsintown');
  });
});

describe('sale times as fans read them', () => {
  const now = new Date('2026-08-20T12:00:00Z');
  const tm = { ...source('ticketmaster', 'https://www.ticketmaster.com/event/1', 'Ticketmaster') };

  it('says when tickets go on sale (and the presale) while the sale is ahead, never ISO', () => {
    expect(saleTimesText([{ ...tm, onSaleAt: '2026-09-04T14:00:00+00:00' }], now, 'America/New_York')).toBe(
      'On sale Fri, Sep 4, 10:00 AM',
    );
    expect(
      saleTimesText(
        [source('jambase', null), { ...tm, onSaleAt: '2026-09-04T14:00:00Z', presaleAt: '2026-09-01T14:00:00Z' }],
        now,
        'America/New_York',
      ),
    ).toBe('Presale Tue, Sep 1, 10:00 AM · On sale Fri, Sep 4, 10:00 AM');
  });

  it('says nothing once the sale opened, or when no source gives a time', () => {
    expect(saleTimesText([{ ...tm, onSaleAt: '2026-08-01T14:00:00Z' }], now, 'UTC')).toBeNull();
    expect(
      saleTimesText([{ ...tm, onSaleAt: '2026-09-04T14:00:00Z', presaleAt: '2026-08-01T14:00:00Z' }], now, 'UTC'),
    ).toBe('On sale Fri, Sep 4, 2:00 PM');
    expect(saleTimesText([tm], now, 'UTC')).toBeNull();
  });
});
