import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, Heart, House, List, MapPinned, Search, Ticket } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '#client/components/load-error.tsx';
import { OfflineSavedNote } from '#client/components/offline-saved-note.tsx';
import { ShowListSkeleton } from '#client/components/show-list-skeleton.tsx';
import { ShowMore } from '#client/components/show-more.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { SegmentedControl } from '#client/components/ui/segmented-control.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import type { FollowPart } from '#client/lib/feature-parts.ts';
import { paths } from '#client/lib/paths.ts';
import type { Saved } from '#client/lib/saved-copy.ts';
import { useSession } from '#client/lib/session/use-session.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { formatMonthTitle } from '#shared/dates.ts';
import { MY_SHOWS_FILTERS, MY_SHOWS_RADII, radiusValue, showMessages } from '#shared/show-messages.ts';
import type { UpcomingFilter, UpcomingMonth, UpcomingShowsResponse } from '#shared/shows-api.ts';
import { saveShowsRadius, showsKeys, upcomingShowsQueryOptions } from '../api/shows-api.ts';
import { MonthCalendar } from './month-calendar.tsx';
import { ShowCard } from './show-card.tsx';

const isFilter = (value: string | null): value is UpcomingFilter =>
  MY_SHOWS_FILTERS.some((filter) => filter.value === value);

/**
 * /dashboard — My Shows (issue 11): the fan's upcoming shows in one list, soonest first, by month:
 * what they marked plus their artists' shows near home; or the same as a month grid. `calendarSubscribe`
 * is the calendar feature's 'Subscribe' button, `Follow` the favorites feature's button (on each headliner).
 */
export const MyShowsPage = ({ calendarSubscribe, Follow }: { calendarSubscribe: ReactNode; Follow: FollowPart }) => {
  useDocumentTitle(`My Shows | ${BRAND}`);
  const [params, setParams] = useSearchParams();
  const rawFilter = params.get('filter');
  const filter: UpcomingFilter = isFilter(rawFilter) ? rawFilter : 'all';
  const view = params.get('view') === 'month' ? 'month' : 'list';
  const query = useInfiniteQuery(upcomingShowsQueryOptions(filter));
  const first = query.data?.pages[0];
  const setParam = (key: string, value: string, fallback: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === fallback) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <header className="flex flex-col gap-2">
        <h1 className="hidden font-display text-4xl font-bold md:block">My Shows</h1>
        <p className="text-muted">
          Your upcoming shows and your artists' shows near {nearWhat(first?.places ?? [])}, soonest first.
        </p>
        <OfflineSavedNote savedAt={first?.savedAt} />
        <Link
          to={paths.near}
          className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-accent underline-offset-4 hover:underline"
        >
          <MapPinned className="size-4" aria-hidden="true" />
          Every show near a place, by any artist
        </Link>
      </header>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
        <SegmentedControl
          label="Show"
          options={MY_SHOWS_FILTERS}
          value={filter}
          onChange={(value) => setParam('filter', value, 'all')}
        />
        <div className="flex flex-wrap items-center gap-3">
          <RadiusSelect data={first} />
          {calendarSubscribe}
          <SegmentedControl
            label="View"
            options={[
              { value: 'list', label: 'List', icon: <List className="size-4" aria-hidden="true" /> },
              { value: 'month', label: 'Month', icon: <CalendarDays className="size-4" aria-hidden="true" /> },
            ]}
            value={view}
            onChange={(value) => setParam('view', value, 'list')}
          />
        </div>
      </div>
      {first && !first.home.hasCoordinates ? <HomeBanner /> : null}
      <Body query={query} view={view} filter={filter} Follow={Follow} />
    </section>
  );
};

/** 'home', 'home and Berlin', 'home, Berlin and Lisbon': where "near you" looks. */
function nearWhat(places: string[]): string {
  const all = ['home', ...places];
  return all.length === 1 ? 'home' : `${all.slice(0, -1).join(', ')} and ${all.at(-1)}`;
}

type UpcomingQuery = ReturnType<
  typeof useInfiniteQuery<Saved<UpcomingShowsResponse>, Error, InfiniteData<Saved<UpcomingShowsResponse>>>
>;

/** The loaded pages as one list of months (a month can continue on the next page). */
function joinPages(pages: UpcomingShowsResponse[]): UpcomingMonth[] {
  const months: UpcomingMonth[] = [];
  for (const month of pages.flatMap((page) => page.months)) {
    const last = months.at(-1);
    if (last?.month === month.month) last.shows = [...last.shows, ...month.shows];
    else months.push({ ...month });
  }
  return months;
}

const Body = ({
  query,
  view,
  filter,
  Follow,
}: {
  query: UpcomingQuery;
  view: 'list' | 'month';
  filter: UpcomingFilter;
  Follow: FollowPart;
}) => {
  const session = useSession().status;
  // A failed refetch (offline, no saved copy of a later page) keeps the shows already on screen.
  if (!query.data) {
    if (query.isError) {
      return <LoadError what="Your shows" message={query.error.message} onRetry={() => query.refetch()} />;
    }
    return <ShowListSkeleton label="Loading your shows" withActions />;
  }
  const data = query.data.pages[0]!;
  const months = joinPages(query.data.pages);
  const shows = months.flatMap((month) => month.shows);
  const more = {
    hasMore: query.hasNextPage,
    loading: query.isFetchingNextPage,
    failed: query.isFetchNextPageError,
    loadMore: () => {
      if (!query.isFetchingNextPage) void query.fetchNextPage();
    },
  };
  if (view === 'month') return <MonthCalendar shows={shows} more={more} />;
  if (shows.length === 0) return <EmptyState data={data} filter={filter} />;
  return (
    <div className="flex flex-col gap-8">
      {months.map((month) => (
        <section key={month.month} aria-labelledby={`month-${month.month}`} className="flex flex-col gap-3">
          <h2 id={`month-${month.month}`} className="font-display text-2xl font-bold">
            {formatMonthTitle(month.month)}
          </h2>
          <ul className="flex flex-col gap-3">
            {month.shows.map((show) => (
              <ShowCard
                key={show.key}
                show={show}
                follow={
                  show.artists[0] ? (
                    <Follow
                      session={session}
                      artistSlug={show.artists[0].artistSlug}
                      artistName={show.artists[0].artistName}
                      size="sm"
                    />
                  ) : null
                }
              />
            ))}
          </ul>
        </section>
      ))}
      <ShowMore {...more} />
    </div>
  );
};

/** The radius around home, saved for the user; the list follows at once. */
const RadiusSelect = ({ data }: { data: UpcomingShowsResponse | undefined }) => {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: saveShowsRadius,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: showsKeys.upcomingAll() }),
    onError: () =>
      showToast({
        id: 'shows',
        title: showMessages.errorTitle,
        description: showMessages.radiusErrorDescription,
        variant: 'destructive',
      }),
  });
  const current = save.isPending && save.variables ? save.variables : data ? radiusValue(data.radiusKm) : '100';
  return (
    <label className="flex items-center gap-2 text-sm text-muted">
      Distance from home
      <select
        value={current}
        disabled={!data || save.isPending}
        onChange={(event) => save.mutate(event.target.value)}
        className="h-10 rounded-full border border-border-strong bg-surface px-3 text-sm font-semibold text-foreground focus-visible:outline-2"
      >
        {MY_SHOWS_RADII.map((radius) => (
          <option key={radius.value} value={radius.value}>
            {radius.label}
          </option>
        ))}
      </select>
    </label>
  );
};

const HomeBanner = () => (
  <div className="flex flex-col items-start gap-3 rounded-card border border-border-strong bg-surface-raised p-4 sm:flex-row sm:items-center sm:justify-between">
    <p className="flex items-center gap-2 text-sm">
      <House className="size-5 shrink-0 text-accent" aria-hidden="true" />
      Set your home city to see your artists' shows near you and how far each one is.
    </p>
    <Button asChild size="sm">
      <Link to={paths.settings}>Set home</Link>
    </Button>
  </div>
);

const EmptyState = ({ data, filter }: { data: UpcomingShowsResponse; filter: UpcomingFilter }) => {
  const noArtists = data.followingCount === 0;
  const radius = data.radiusKm === null ? null : `${data.radiusKm} km`;
  const where = data.home.city ? ` of ${data.home.city}` : ' of home';
  let heading: string;
  let hint: string;
  let actions: ReactNode;
  if (filter === 'going' || filter === 'interested') {
    const label = filter === 'going' ? 'Going' : 'Interested';
    heading = `No shows marked ${label} yet`;
    hint = `Tap ${label} on any upcoming show — on an artist's tour dates, a venue or a guide — and it will be here.`;
    actions = <BrowseButtons />;
  } else if (filter === 'near' && !data.home.hasCoordinates && (data.places ?? []).length === 0) {
    heading = 'Where is home?';
    hint = 'Set your home city and the shows near it will be listed here.';
    actions = (
      <Button asChild>
        <Link to={paths.settings}>Set home</Link>
      </Button>
    );
  } else if (noArtists) {
    heading = 'Follow artists to fill your calendar';
    hint = 'Their upcoming shows near home appear here, with the ones you mark Interested or Going.';
    actions = <BrowseButtons />;
  } else {
    heading = radius ? `No upcoming shows within ${radius}${where}` : 'No upcoming shows yet';
    hint = radius
      ? 'Choose a larger distance above, or follow more artists.'
      : 'None of your artists has announced shows yet: follow more artists.';
    actions = <BrowseButtons />;
  }
  return (
    <div className="flex flex-col items-center gap-4 rounded-card border border-dashed border-border-strong bg-surface px-6 py-12 text-center">
      <Ticket className="size-10 text-accent" aria-hidden="true" />
      <h2 className="font-display text-2xl font-bold">{heading}</h2>
      <p className="max-w-md text-muted">{hint}</p>
      <div className="flex flex-wrap justify-center gap-3">{actions}</div>
    </div>
  );
};

const BrowseButtons = () => (
  <>
    <Button asChild>
      <Link to={paths.myArtists}>
        <Heart aria-hidden="true" />
        My Artists
      </Link>
    </Button>
    <Button asChild variant="outline">
      <Link to={paths.homeArtists}>
        <Search aria-hidden="true" />
        Find artists
      </Link>
    </Button>
  </>
);
