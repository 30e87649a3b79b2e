import { TicketLink } from '#client/components/ticket-link.tsx';
import type { ShowDetail } from '#shared/show-detail.ts';
import { listedByText, saleTimesText, ticketOffers } from '#shared/tour-sources.ts';

/**
 * Where the show's date comes from and where to buy (ADR 0044), as on the tour page: one
 * "Tickets" per seller, else the stop's own link, while the show is still ahead and on; and
 * "Listed by Ticketmaster, Bandsintown" in small print; "On sale Fri, Sep 4, 10:00 AM" while the sale is ahead.
 */
export function ShowSources({ show, upcoming }: { show: ShowDetail; upcoming: boolean }) {
  const tickets = ticketOffers(show.sources, show.ticketUrl);
  const onSale = upcoming && show.status !== 'cancelled';
  const listedBy = listedByText(show.sources);
  const saleTimes = onSale ? saleTimesText(show.sources) : null;
  if (!listedBy && !saleTimes && (!onSale || tickets.length === 0)) return null;
  return (
    <div className="flex flex-col gap-2">
      {onSale && tickets.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {tickets.map(({ seller, url }) => (
            <TicketLink key={url} url={url} seller={seller} />
          ))}
        </div>
      ) : null}
      {saleTimes ? (
        <p className="text-sm font-semibold text-accent" data-testid="sale-times">
          {saleTimes}
        </p>
      ) : null}
      {listedBy ? (
        <p className="text-xs text-muted" data-testid="listed-by">
          {listedBy}
        </p>
      ) : null}
    </div>
  );
}
