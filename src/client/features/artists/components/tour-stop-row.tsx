import { Clock, Compass, MapPin } from 'lucide-react';
import { ShowTime } from '#client/components/show-time.tsx';
import { TICKET_LINK_ICONS, TicketLink } from '#client/components/ticket-link.tsx';
import { SpriteIcon } from '#client/components/ui/sprite-icon.tsx';
import { cx } from '#client/lib/class-names.ts';
import type { ShowStatePart } from '#client/lib/feature-parts.ts';
import { paths } from '#client/lib/paths.ts';
import { placeLabel } from '#client/lib/place-label.ts';
import type { Session } from '#client/lib/session/use-session.ts';
import { useViewerZone } from '#client/lib/viewer-zone.ts';
import type { TourStopView } from '#shared/artists.ts';
import { formatLongDate } from '#shared/dates.ts';
import { saleTimesText } from '#shared/sale-times.ts';
import { listedByText, ticketOffers } from '#shared/tour-sources.ts';

/** The icons every stop shows, for the page's `IconSprite`. */
export const TOUR_STOP_ICONS = [Clock, MapPin, Compass, ...TICKET_LINK_ICONS];

/**
 * A stop links to its venue page and to its local guide, and carries the fan's `StateButtons`.
 * A tour page renders hundreds of these on the server (issue 25): its icons come from the page's
 * sprite (`TOUR_STOP_ICONS`), its long class lists have short names (styles.css), its links are
 * plain anchors the list routes in the app (`useAppLinks`), and the session is the list's, read once.
 */
export const TourStopRow = ({
  artistSlug,
  stop,
  session,
  StateButtons,
}: {
  artistSlug: string;
  stop: TourStopView;
  session: Session['status'];
  StateButtons: ShowStatePart;
}) => {
  const date = formatLongDate(stop.date);
  const onSale = stop.isUpcoming && stop.status !== 'cancelled';
  const tickets = ticketOffers(stop.sources ?? [], stop.ticketUrl);
  const listedBy = listedByText(stop.sources ?? []);
  // The server cannot know the viewer's zone: it (and the browser adopting its HTML) say the sale
  // times in UTC, named, and the viewer's zone follows; else the texts differ and React redraws the page.
  const viewerZone = useViewerZone();
  const saleTimes = onSale
    ? saleTimesText(stop.sources ?? [], new Date(), viewerZone ?? 'UTC', { withZone: viewerZone === null })
    : null;
  return (
    <li className={stop.isUpcoming ? 'tour-stop' : 'tour-stop bg-surface/50'}>
      <div>
        <p
          className={cx(
            'font-display font-bold',
            stop.isUpcoming && stop.status !== 'cancelled' ? 'text-accent' : 'text-muted',
            stop.status === 'cancelled' && 'line-through',
          )}
        >
          <time dateTime={stop.date}>{date}</time>
        </p>
        {stop.time ? (
          <p className="tour-stop-time">
            <SpriteIcon icon={Clock} className="size-3.5" />
            <ShowTime date={stop.date} time={stop.time} timeZone={stop.timeZone} />
          </p>
        ) : null}
      </div>
      <div className="min-w-0">
        <a href={paths.venue(stop.venueSlug)} className="tour-stop-venue">
          {stop.venueName}
        </a>
        <p className="tour-stop-place">
          <SpriteIcon icon={MapPin} className="size-3.5 shrink-0" />
          {placeLabel(stop)}
        </p>
        {saleTimes ? (
          <p className="mt-1 text-xs font-semibold text-accent" data-testid="sale-times">
            {saleTimes}
          </p>
        ) : null}
        {listedBy ? (
          <p className="mt-1 text-xs text-muted" data-testid="listed-by">
            {listedBy}
          </p>
        ) : null}
      </div>
      <div className="tour-stop-links">
        <a href={paths.guide(artistSlug, stop.slug)} className="pill-link">
          <SpriteIcon icon={Compass} className="size-4" />
          Guide
          <span className="sr-only">{` for ${stop.venueName} on ${date}`}</span>
        </a>
        {onSale
          ? tickets.map(({ seller, url }) => (
              <TicketLink key={url} url={url} seller={seller} about={`for ${stop.venueName} on ${date}`} />
            ))
          : null}
      </div>
      <StateButtons
        className="sm:col-span-3"
        stopId={stop.id}
        date={stop.date}
        status={stop.status}
        context={`${stop.venueName}, ${date}`}
        session={session}
      />
    </li>
  );
};
