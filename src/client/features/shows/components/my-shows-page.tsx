import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, Heart, House, List, Search, Ticket } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '#client/components/load-error.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { paths } from '#client/lib/paths.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { cn } from '#client/lib/utils.ts';
import { formatMonthTitle } from '#shared/dates.ts';
import { MY_SHOWS_FILTERS, MY_SHOWS_RADII, radiusValue, showMessages } from '#shared/show-messages.ts';
import type { UpcomingFilter, UpcomingMonth, UpcomingShowsResponse } from '#shared/shows-api.ts';
import { saveShowsRadius, showsKeys, upcomingShowsQueryOptions } from '../api/shows-api.ts';
import { MonthCalendar } from './month-calendar.tsx';
import { ShowCard } from './show-card.tsx';
import { ShowMore } from './show-more.tsx';

const isFilter = (value: string | null): value is UpcomingFilter =>
  MY_SHOWS_FILTERS.some((filter) => filter.value === value);

/**
 * /dashboard — My Shows (issue 11): the fan's upcoming shows in one list, soonest first, by month:
 * what they marked plus their artists' shows near home; or the same as a month grid. `calendarSubscribe`
 * is the calendar feature's 'Subscribe' button.
 */
export const MyShowsPage = ({ calendarSubscribe }: { calendarSubscribe: ReactNode }) => {
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
        <p className="text-muted">Your upcoming shows and your artists' shows near home, soonest first.</p>
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
      <Body query={query} view={view} filter={filter} />
    </section>
  );
};

type UpcomingQuery = ReturnType<
  typeof useInfiniteQuery<UpcomingShowsResponse, Error, InfiniteData<UpcomingShowsResponse>>
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

const Body = ({ query, view, filter }: { query: UpcomingQuery; view: 'list' | 'month'; filter: UpcomingFilter }) => {
  if (query.isPending) return <ShowsSkeleton />;
  if (query.isError) {
    return <LoadError what="Your shows" message={query.error.message} onRetry={() => query.refetch()} />;
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
              <ShowCard key={show.key} show={show} />
            ))}
          </ul>
        </section>
      ))}
      <ShowMore {...more} />
    </div>
  );
};

interface Option {
  value: string;
  label: string;
  icon?: ReactNode;
}

const SegmentedControl = ({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly Option[];
  value: string;
  onChange: (value: string) => void;
}) => (
  <fieldset className="m-0 flex min-w-0 flex-wrap gap-1 rounded-full border border-border bg-surface p-1">
    <legend className="sr-only">{label}</legend>
    {options.map((option) => (
      <button
        key={option.value}
        type="button"
        aria-pressed={option.value === value}
        onClick={() => onChange(option.value)}
        className={cn(
          'inline-flex h-9 items-center gap-1.5 rounded-full px-3.5 text-sm font-semibold transition-colors focus-visible:outline-2',
          option.value === value
            ? 'bg-accent text-accent-foreground'
            : 'text-muted hover:bg-white/5 hover:text-foreground',
        )}
      >
        {option.icon}
        {option.label}
      </button>
    ))}
  </fieldset>
);

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
  } else if (filter === 'near' && !data.home.hasCoordinates) {
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

const ShowsSkeleton = () => (
  <div className="flex flex-col gap-3" role="status" aria-busy="true" aria-label="Loading your shows">
    <div className="h-8 w-40 animate-pulse rounded-lg bg-surface-raised" />
    {[0, 1, 2].map((row) => (
      <div key={row} className="flex gap-4 rounded-2xl border border-border bg-surface p-4">
        <div className="h-16 w-14 animate-pulse rounded-xl bg-surface-raised" />
        <div className="flex flex-1 flex-col gap-2">
          <div className="h-5 w-2/3 animate-pulse rounded bg-surface-raised" />
          <div className="h-4 w-1/2 animate-pulse rounded bg-surface-raised" />
          <div className="mt-1 h-9 w-48 animate-pulse rounded-full bg-surface-raised" />
        </div>
      </div>
    ))}
  </div>
);
