import { Ticket } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '#client/lib/paths.ts';
import { formatLongDate } from '#shared/dates.ts';
import { ShowTime } from './show-time.tsx';
import { Button } from './ui/button.tsx';

export interface ShowRowProps {
  date: string;
  time: string | null;
  /** The venue's IANA zone: the time is the venue's clock, labelled when the viewer's zone differs. */
  timeZone: string | null;
  ticketUrl: string | null;
  /** The stop's local guide. */
  artistSlug: string;
  stopSlug: string;
  /** What the page says about the show: the venue on the artist page, the artist on the venue page. */
  children: ReactNode;
  /** The fan's show-state buttons (the shows feature), under the row's links. */
  actions?: ReactNode;
}

/** One show in a list: date and time, what the page says about it, its guide and tickets. */
export const ShowRow = ({ date, time, timeZone, ticketUrl, artistSlug, stopSlug, children, actions }: ShowRowProps) => (
  <li className="grid gap-3 rounded-2xl border border-border bg-surface p-4 sm:grid-cols-[11rem_1fr_auto] sm:items-center sm:gap-6 sm:px-5">
    <p className="font-display font-bold text-accent">
      <time dateTime={date}>{formatLongDate(date)}</time>
      {time ? (
        <span className="block text-sm font-normal text-muted">
          <ShowTime date={date} time={time} timeZone={timeZone} />
        </span>
      ) : null}
    </p>
    <div className="min-w-0">{children}</div>
    <div className="flex flex-wrap gap-2 sm:justify-end">
      <Button asChild variant="outline" size="sm">
        <Link to={paths.guide(artistSlug, stopSlug)}>Local guide</Link>
      </Button>
      {ticketUrl ? (
        <Button asChild variant="secondary" size="sm">
          <a href={ticketUrl} target="_blank" rel="noopener noreferrer">
            <Ticket aria-hidden="true" />
            Tickets
          </a>
        </Button>
      ) : null}
    </div>
    {actions ? <div className="sm:col-span-3">{actions}</div> : null}
  </li>
);

/** An artist's genres as tags (the artist page and the tour page). */
export const GenreList = ({ genres }: { genres: string[] }) =>
  genres.length > 0 ? (
    <ul aria-label="Genres" className="flex flex-wrap justify-center gap-2 sm:justify-start">
      {genres.map((genre) => (
        <li key={genre} className="rounded-full border border-border-strong px-3 py-1 text-xs font-medium">
          {genre}
        </li>
      ))}
    </ul>
  ) : null;
