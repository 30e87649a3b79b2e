import { Route, Sparkles } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ShowRow } from '#client/components/show-row.tsx';
import type { FollowPart, ShowStatePart } from '#client/lib/feature-parts.ts';
import { paths } from '#client/lib/paths.ts';
import { placeLabel } from '#client/lib/place-label.ts';
import { useSession } from '#client/lib/session/use-session.ts';
import { formatLongDate } from '#shared/dates.ts';
import type { UserShowState } from '#shared/shows-api.ts';
import type { TravelHint, TripDay, TripShow } from '#shared/trips.ts';

/**
 * A trip's shows by day (the venues' own calendar days), ranked within each day, with the fan's
 * state buttons (not on shared links) and the travel hint to the next day's show.
 */
export const TripDays = ({
  days,
  hints,
  StateButtons,
  Follow,
}: {
  days: TripDay[];
  hints: TravelHint[];
  /** The fan's state buttons; none on a shared link. */
  StateButtons?: ShowStatePart;
  /** Follow on each show's artist; none on a shared link. */
  Follow?: FollowPart;
}) => {
  const session = useSession().status;
  const hintAfter = new Map(hints.map((hint) => [hint.fromDate, hint]));
  return (
    <ol className="flex flex-col gap-6" aria-label="Shows by day">
      {days.map((day) => {
        const hint = hintAfter.get(day.date);
        return (
          <Fragment key={day.date}>
            <li className="flex flex-col gap-3">
              <h3 className="font-display text-xl font-bold">
                <time dateTime={day.date}>{formatLongDate(day.date)}</time>
                <span className="ml-2 text-sm font-normal text-muted">
                  {day.shows.length} show{day.shows.length === 1 ? '' : 's'}
                </span>
              </h3>
              <ul className="flex flex-col gap-3">
                {day.shows.map((show) => (
                  <TripShowRow
                    key={show.stopId}
                    show={show}
                    StateButtons={StateButtons}
                    follow={
                      Follow ? (
                        <Follow session={session} artistSlug={show.artistSlug} artistName={show.artistName} size="sm" />
                      ) : null
                    }
                  />
                ))}
              </ul>
            </li>
            {hint ? (
              <li className="flex items-start gap-2 rounded-xl border border-dashed border-border-strong px-4 py-2.5 text-sm text-muted">
                <Route className="mt-0.5 size-4 shrink-0 text-cyan" aria-hidden="true" />
                <span>
                  <span className="sr-only">Travel to the next day's show: </span>
                  {hint.text}
                </span>
              </li>
            ) : null}
          </Fragment>
        );
      })}
    </ol>
  );
};

const TripShowRow = ({
  show,
  StateButtons,
  follow,
}: {
  show: TripShow;
  StateButtons?: ShowStatePart;
  follow: ReactNode;
}) => (
  <ShowRow
    date={show.date}
    time={show.time}
    timeZone={show.timeZone}
    ticketUrl={show.ticketUrl}
    artistSlug={show.artistSlug}
    stopSlug={show.stopSlug}
    actions={
      StateButtons ? (
        <StateButtons
          stopId={show.stopId}
          date={show.date}
          status={show.status}
          context={`${show.artistName}, ${formatLongDate(show.date)}`}
          known={(show.state ?? null) as UserShowState | null}
        />
      ) : undefined
    }
  >
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
      <p className="font-display text-lg font-bold">
        <Link to={paths.artist(show.artistSlug)} className="hover:text-accent">
          {show.artistName}
        </Link>
      </p>
      {follow}
    </div>
    <p className="text-sm text-muted">
      <Link to={paths.venue(show.venueSlug)} className="hover:text-foreground">
        {show.venueName}
      </Link>
      {' · '}
      {placeLabel(show)} · {show.distanceKm < 10 ? show.distanceKm.toFixed(1) : Math.round(show.distanceKm)} km away
    </p>
    {show.reason ? (
      <p className="mt-1 flex items-center gap-1.5 text-sm text-accent" data-testid="why-this-show">
        <Sparkles className="size-3.5 shrink-0" aria-hidden="true" />
        <span>
          <span className="sr-only">Why this show: </span>
          {show.reason}
        </span>
      </p>
    ) : null}
  </ShowRow>
);
