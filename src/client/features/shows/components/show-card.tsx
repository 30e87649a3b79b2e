import { Clock, Compass, Info, MapPin, Navigation } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '#client/lib/paths.ts';
import { placeLabel } from '#client/lib/place-label.ts';
import { cn } from '#client/lib/utils.ts';
import { formatLongDate, formatShowTime } from '#shared/dates.ts';
import type { UpcomingShow } from '#shared/shows-api.ts';
import { ShowStateButtons } from './show-state-buttons.tsx';

const WEEKDAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTH = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function dayParts(isoDate: string) {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return { weekday: WEEKDAY[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!, day: d, month: MONTH[m - 1]! };
}

const linkButton =
  'inline-flex h-9 items-center gap-1.5 rounded-full border border-border-strong px-3.5 text-sm font-semibold transition-colors hover:border-accent hover:bg-white/5 [&_svg]:size-4';

/**
 * One show of My Shows: the bill, where and when (the venue's own clock), how far, the fan's state,
 * and `follow` (the headliner's Follow button, another feature's part).
 */
export const ShowCard = ({ show, follow }: { show: UpcomingShow; follow?: ReactNode }) => {
  const { weekday, day, month } = dayParts(show.date);
  const longDate = formatLongDate(show.date);
  const [headliner, ...others] = show.artists;
  const cancelled = show.status === 'cancelled';
  return (
    <li
      className={cn(
        'grid grid-cols-[3.5rem_1fr] gap-x-4 gap-y-3 rounded-2xl border border-border bg-surface p-4 sm:grid-cols-[4rem_1fr] sm:px-5',
        cancelled && 'bg-surface/60',
      )}
      data-testid="my-show"
    >
      <div
        className={cn(
          'flex h-16 flex-col items-center justify-center rounded-xl border border-border-strong bg-background text-center leading-tight',
          cancelled && 'opacity-60',
        )}
        aria-hidden="true"
      >
        <span className="text-[0.7rem] font-semibold tracking-wide text-muted uppercase">{weekday}</span>
        <span className={cn('font-display text-2xl font-bold', cancelled ? 'line-through' : 'text-accent')}>{day}</span>
        <span className="text-[0.7rem] font-semibold tracking-wide text-muted uppercase">{month}</span>
      </div>
      <div className="min-w-0">
        <h3 className="font-display text-lg leading-snug font-bold">
          <Link to={show.detailPath} className="underline-offset-4 hover:underline">
            {headliner?.artistName}
          </Link>
          {others.length > 0 ? (
            <span className="font-sans text-base font-medium text-muted">
              {' '}
              with {others.map((artist) => artist.artistName).join(', ')}
            </span>
          ) : null}
        </h3>
        <p className="sr-only">{longDate}</p>
        <p className="mt-1 text-sm">
          <MapPin className="mr-1.5 inline size-3.5 align-[-0.125em] text-muted" aria-hidden="true" />
          <Link to={paths.venue(show.venue.slug)} className="font-semibold underline-offset-4 hover:underline">
            {show.venue.name}
          </Link>
          <span className="text-muted"> · {placeLabel(show.venue)}</span>
        </p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm text-muted">
          {show.time ? (
            <span className="inline-flex items-center gap-1.5">
              <Clock className="size-3.5" aria-hidden="true" />
              <time dateTime={`${show.date}T${show.time}`}>
                {formatShowTime(show.date, show.time, show.venue.timeZone)}
              </time>
            </span>
          ) : null}
          {show.distanceKm !== null ? (
            <span className="inline-flex items-center gap-1.5">
              <Navigation className="size-3.5" aria-hidden="true" />
              {show.distanceKm.toLocaleString('en-US')} km from {show.distanceFrom ?? 'home'}
            </span>
          ) : null}
        </p>
      </div>
      <div className="col-span-2 flex flex-wrap items-center gap-2 sm:col-start-2 sm:col-end-3">
        <ShowStateButtons
          stopId={show.stopId}
          date={show.date}
          status={show.status}
          known={show.state}
          context={`${headliner?.artistName} at ${show.venue.name}, ${longDate}`}
        />
        <span className="flex flex-wrap gap-2 sm:ml-auto">
          {follow}
          <Link to={show.guidePath} className={linkButton}>
            <Compass aria-hidden="true" />
            Guide
            <span className="sr-only">
              {' '}
              for {show.venue.name} on {longDate}
            </span>
          </Link>
          <Link to={show.detailPath} className={linkButton}>
            <Info aria-hidden="true" />
            Details
            <span className="sr-only">
              {' '}
              of {headliner?.artistName} at {show.venue.name} on {longDate}
            </span>
          </Link>
        </span>
      </div>
    </li>
  );
};
