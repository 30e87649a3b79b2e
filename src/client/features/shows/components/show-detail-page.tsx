import { CalendarDays, Clock, LogIn, MapPin, Mic, SearchX } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { OfflineSavedNote } from '#client/components/offline-saved-note.tsx';
import { NotFoundState, QueryPageState } from '#client/components/page-states.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import type { CalendarLinkPart, FollowPart } from '#client/lib/feature-parts.ts';
import { paths } from '#client/lib/paths.ts';
import { placeLabel } from '#client/lib/place-label.ts';
import type { Saved } from '#client/lib/saved-copy.ts';
import { signInPath } from '#client/lib/session/return-path.ts';
import { useSession } from '#client/lib/session/use-session.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { formatLongDate, formatShowTime, localIsoDate } from '#shared/dates.ts';
import type { ShowDetail } from '#shared/show-detail.ts';
import { SHOW_STATE_LABELS, type ShowState } from '#shared/shows.ts';
import type { UserShowState } from '#shared/shows-api.ts';
import { useShowDetail } from '../api/show-detail-api.ts';
import { ShowDetailNotes } from './show-detail-notes.tsx';
import { ShowDetailPhotos } from './show-detail-photos.tsx';
import { ShowSources } from './show-sources.tsx';
import { ShowStateButtons } from './show-state-buttons.tsx';

const stateLabel = (state: ShowState) => (state === 'missed' ? 'Missed it' : SHOW_STATE_LABELS[state]);

const Badge = ({ children, tone }: { children: string; tone: 'warning' | 'danger' }) => (
  <span
    className={
      tone === 'danger'
        ? 'rounded-full border border-destructive/70 bg-destructive/15 px-3 py-1 text-xs font-semibold uppercase'
        : 'rounded-full border border-accent/60 bg-accent/10 px-3 py-1 text-xs font-semibold text-accent uppercase'
    }
  >
    {children}
  </span>
);

/** The parts of other features the show page shows: 'Add to calendar' and each act's setlists. */
export interface ShowDetailParts {
  CalendarLink: CalendarLinkPart;
  /** The setlists feature's setlists of one act on the bill (ShowSetlists). */
  Setlists: ComponentType<{ stopId: string; artistName: string }>;
  /** The favorites feature's Follow button, on every act of the bill. */
  Follow: FollowPart;
}

/** The state this page's answer carries: offline (a saved page) the buttons show it, not "not marked". */
const savedState = (show: ShowDetail): UserShowState | null =>
  show.mine
    ? {
        stopId: show.stopId,
        state: show.mine.state,
        hasTickets: show.mine.hasTickets,
        seat: show.mine.seat,
        status: show.status,
        moved: false,
      }
    : null;

/** The fan's state on this show, with its state buttons and the show's own .ics. */
const ShowStateSlot = ({ show, CalendarLink }: { show: ShowDetail; CalendarLink: CalendarLinkPart }) => (
  <div className="flex flex-col gap-3" data-slot="show-state">
    <p className="text-sm text-muted">
      Your show:{' '}
      <span className="font-semibold text-foreground">{show.mine ? stateLabel(show.mine.state) : 'Not marked'}</span>
    </p>
    <div className="flex flex-wrap items-center gap-3">
      <ShowStateButtons
        stopId={show.stopId}
        date={show.date}
        status={show.status}
        context={`${show.venue.name}, ${formatLongDate(show.date)}`}
        saved={savedState(show)}
      />
      <CalendarLink stopId={show.stopId} date={show.date} />
    </div>
  </div>
);

const ShowView = ({ show, parts }: { show: Saved<ShowDetail>; parts: ShowDetailParts }) => {
  const { Setlists, Follow } = parts;
  const headliner = show.bill[0]?.artistName ?? 'Show';
  useDocumentTitle(`${headliner} at ${show.venue.name} | ${BRAND}`);
  const pending = show.reviewState !== 'approved';
  return (
    <>
      <header className="stage-lights border-b border-border/60">
        <div className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-10 sm:px-6 sm:py-14">
          <p className="flex items-center gap-2 text-xs font-semibold tracking-[0.18em] text-accent uppercase">
            <Mic className="size-4" aria-hidden="true" />
            Show
          </p>
          <OfflineSavedNote savedAt={show.savedAt} />
          <h1 className="font-display text-4xl font-extrabold text-balance sm:text-5xl">
            {show.bill.map((entry) => entry.artistName).join(' + ')}
          </h1>
          <div className="flex flex-wrap gap-2">
            {show.status === 'cancelled' ? <Badge tone="danger">Cancelled</Badge> : null}
            {show.status === 'postponed' ? <Badge tone="warning">Postponed</Badge> : null}
            {show.reviewState === 'pending' ? <Badge tone="warning">Pending review</Badge> : null}
            {show.reviewState === 'rejected' ? <Badge tone="danger">Not accepted</Badge> : null}
          </div>
          <dl className="grid gap-2 text-muted sm:grid-cols-[auto_1fr] sm:gap-x-3">
            <dt className="sr-only">Date</dt>
            <dd className="flex items-center gap-2 text-foreground">
              <CalendarDays className="size-4 shrink-0 text-accent" aria-hidden="true" />
              <time dateTime={show.date}>{formatLongDate(show.date)}</time>
              {show.time ? (
                <span className="flex items-center gap-1.5 text-muted">
                  <Clock className="ml-2 size-4" aria-hidden="true" />
                  {formatShowTime(show.date, show.time, show.venue.timeZone)}
                </span>
              ) : null}
            </dd>
            <dt className="sr-only">Venue</dt>
            <dd className="flex items-center gap-2 sm:col-start-1">
              <MapPin className="size-4 shrink-0 text-accent" aria-hidden="true" />
              <span>
                <Link
                  to={paths.venue(show.venue.slug)}
                  className="font-semibold text-foreground underline-offset-4 hover:underline"
                >
                  {show.venue.name}
                </Link>
                , {placeLabel(show.venue)}
              </span>
            </dd>
          </dl>
          <ShowSources show={show} upcoming={show.date >= localIsoDate()} />
          <ShowStateSlot show={show} CalendarLink={parts.CalendarLink} />
        </div>
      </header>
      <div className="mx-auto flex max-w-5xl flex-col gap-10 px-4 py-10 sm:px-6">
        {pending ? (
          <p className="rounded-xl border border-border-strong bg-surface px-4 py-3 text-sm text-muted">
            {show.reviewState === 'pending'
              ? 'You added this show. Only you can see it until we have checked the date; then it joins the public tour dates.'
              : 'This date was not accepted into the public tour dates. It stays in your shows.'}
          </p>
        ) : null}
        <section aria-labelledby="bill" className="flex flex-col gap-3">
          <h2 id="bill" className="font-display text-2xl font-bold">
            On the bill
          </h2>
          <ul className="flex flex-col gap-2">
            {show.bill.map((entry) => (
              <li
                key={entry.stopId}
                className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-border bg-surface px-4 py-3"
              >
                <div className="min-w-0">
                  <Link
                    to={paths.artist(entry.artistSlug)}
                    className="font-semibold underline-offset-4 hover:underline"
                  >
                    {entry.artistName}
                  </Link>
                  <p className="text-sm text-muted">
                    {entry.tourName}
                    {entry.time ? ` · ${formatShowTime(show.date, entry.time, show.venue.timeZone)}` : ''}
                    {entry.status === 'cancelled' ? ' · Cancelled' : ''}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Follow session="signed-in" artistSlug={entry.artistSlug} artistName={entry.artistName} size="sm" />
                  {entry.reviewState === 'approved' ? (
                    <Button asChild variant="outline" size="sm">
                      <Link to={paths.guide(entry.artistSlug, entry.stopSlug)}>Local guide</Link>
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </section>
        {show.bill
          .filter((entry) => entry.status !== 'cancelled')
          .map((entry) => (
            <Setlists key={entry.stopId} stopId={entry.stopId} artistName={entry.artistName} />
          ))}
        {show.mine ? (
          <div className="grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <ShowDetailNotes key={show.stopId} stopId={show.stopId} mine={show.mine} />
            {show.mine.state === 'attended' ? (
              <ShowDetailPhotos stopId={show.stopId} photos={show.mine.photos} />
            ) : null}
          </div>
        ) : (
          <p className="text-muted">
            Mark this show to keep notes about it; once you were there, rate it and add photos.
          </p>
        )}
      </div>
    </>
  );
};

const SignInPrompt = () => {
  const location = useLocation();
  useDocumentTitle(`Show | ${BRAND}`);
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-5 px-4 py-20 text-center">
      <Mic className="size-12 text-accent" aria-hidden="true" />
      <h1 className="font-display text-3xl font-bold">Your shows are private</h1>
      <p className="text-muted">Sign in to see this show with your notes, rating and photos.</p>
      <Button asChild size="lg">
        <Link to={signInPath(location.pathname)}>
          <LogIn aria-hidden="true" />
          Sign in
        </Link>
      </Button>
    </div>
  );
};

export const ShowDetailPage = (parts: ShowDetailParts) => {
  const { stopId = '' } = useParams();
  const { status } = useSession();
  const query = useShowDetail(stopId, status === 'signed-in');
  if (status === 'loading') return <Spinner label="Loading show..." className="min-h-[50vh] py-24" />;
  if (status === 'signed-out') return <SignInPrompt />;
  if (query.data) return <ShowView show={query.data} parts={parts} />;
  return (
    <QueryPageState
      query={query}
      loadingLabel="Loading show..."
      what="The show"
      notFound={
        <NotFoundState
          icon={SearchX}
          thing="Show"
          heading="Show not found"
          hint="It may have been removed, or it is not one of yours."
          link={{ to: paths.addShow, label: 'Add a show' }}
        />
      }
    />
  );
};
