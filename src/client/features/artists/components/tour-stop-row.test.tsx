import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TourStopView } from '#shared/artists.ts';
import { renderPage } from '#tests/component/render-page.tsx';
import { TourStopRow } from './tour-stop-row.tsx';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const stop = (sources: TourStopView['sources'], isUpcoming = true): TourStopView => ({
  id: 'stop-1',
  slug: 'house-of-blues-2027-10-03',
  status: 'scheduled',
  date: '2027-10-03',
  time: '19:30',
  venueName: 'House of Blues',
  venueSlug: 'house-of-blues-boston',
  timeZone: 'America/New_York',
  city: 'Boston',
  region: 'MA',
  country: 'US',
  ticketUrl: null,
  isUpcoming,
  sources,
});

const ticketmaster = (sale: { onSaleAt?: string; presaleAt?: string }) => ({
  provider: 'ticketmaster',
  url: 'https://www.ticketmaster.com/event/1',
  ticketUrl: 'https://www.ticketmaster.com/event/1',
  seller: 'Ticketmaster',
  ...sale,
});

const NoButtons = () => null;

describe('a tour stop row with sale times', () => {
  it('says when tickets go on sale (and the presale) beside the ticket link while the sale is ahead', () => {
    renderPage(
      <ul>
        <TourStopRow
          artistSlug="northern-lanterns"
          stop={stop([ticketmaster({ onSaleAt: inDays(10), presaleAt: inDays(7) })])}
          session="signed-out"
          StateButtons={NoButtons}
        />
      </ul>,
    );
    const text = screen.getByTestId('sale-times').textContent ?? '';
    expect(text).toMatch(
      /^Presale \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} (AM|PM) · On sale \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} (AM|PM)$/,
    );
    expect(screen.getByRole('link', { name: /Tickets/ })).toBeTruthy();
  });

  it('says nothing once the sale opened, without a time, or for a past show', () => {
    const { unmount } = renderPage(
      <ul>
        <TourStopRow
          artistSlug="x"
          stop={stop([ticketmaster({ onSaleAt: inDays(-1) })])}
          session="signed-out"
          StateButtons={NoButtons}
        />
        <TourStopRow artistSlug="x" stop={stop([ticketmaster({})])} session="signed-out" StateButtons={NoButtons} />
        <TourStopRow
          artistSlug="x"
          stop={stop([ticketmaster({ onSaleAt: inDays(5) })], false)}
          session="signed-out"
          StateButtons={NoButtons}
        />
      </ul>,
    );
    expect(screen.queryByTestId('sale-times')).toBeNull();
    unmount();
  });
});
