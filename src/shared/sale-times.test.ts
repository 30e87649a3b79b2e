import { describe, expect, it } from 'vitest';
import { formatInstant, saleTimesText } from './sale-times.ts';

const source = (provider: string, ticketUrl: string | null, seller: string | null = null) => ({
  provider,
  url: null,
  ticketUrl,
  seller,
});

describe('instants as people write them', () => {
  it('writes a sale start in the given zone, with its short name when asked, never ISO', () => {
    expect(formatInstant('2026-09-04T14:00:00Z', 'America/New_York', { withZone: true })).toBe(
      'Fri, Sep 4, 10:00 AM EDT',
    );
    expect(formatInstant('2026-09-04T14:00:00Z', 'America/New_York')).toBe('Fri, Sep 4, 10:00 AM');
    expect(formatInstant('2027-01-15T00:30:00Z', 'UTC', { withZone: true })).toBe('Fri, Jan 15, 12:30 AM UTC');
    expect(formatInstant('2026-09-04T14:00:00Z', 'Not/AZone', { withZone: true })).toBe('Fri, Sep 4, 2:00 PM UTC');
    expect(formatInstant('soon', 'UTC')).toBeNull();
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

  it("names the zone when asked (a page rendered on the server, before the viewer's zone is known)", () => {
    expect(saleTimesText([{ ...tm, onSaleAt: '2026-09-04T14:00:00Z' }], now, 'UTC', { withZone: true })).toBe(
      'On sale Fri, Sep 4, 2:00 PM UTC',
    );
  });

  it('says nothing once the sale opened, or when no source gives a time', () => {
    expect(saleTimesText([{ ...tm, onSaleAt: '2026-08-01T14:00:00Z' }], now, 'UTC')).toBeNull();
    expect(
      saleTimesText([{ ...tm, onSaleAt: '2026-09-04T14:00:00Z', presaleAt: '2026-08-01T14:00:00Z' }], now, 'UTC'),
    ).toBe('On sale Fri, Sep 4, 2:00 PM');
    expect(saleTimesText([tm], now, 'UTC')).toBeNull();
  });
});
