import { describe, expect, it } from 'vitest';
import { listedByText, ticketOffers } from './tour-sources.ts';

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
