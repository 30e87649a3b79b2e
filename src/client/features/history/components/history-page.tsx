import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ListMusic, MapPin, Plus, Search, Star, Upload, X } from 'lucide-react';
import { memo, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '#client/components/load-error.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { paths } from '#client/lib/paths.ts';
import { placeLabel } from '#client/lib/place-label.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { formatLongDate } from '#shared/dates.ts';
import { HISTORY_SEARCH_MAX, type HistoryFilterOption, type HistoryShow, historyMessages } from '#shared/history.ts';
import { type HistoryParams, historyFiltersQueryOptions, historyQueryOptions } from '../api/history-api.ts';
import { type AnswerShow, DidYouGo } from './did-you-go.tsx';

const FILTER_KEYS = ['q', 'year', 'artist', 'venue', 'city'] as const;
const MONTH = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * /my-shows — History (issue 12): every show the fan went to, newest first, by year. The server
 * pages the list (50 at a time); more load as the end comes into view, or with "Load more".
 */
export const HistoryPage = ({ answerShow }: { answerShow: AnswerShow }) => {
  useDocumentTitle(`History | ${BRAND}`);
  const [params, setParams] = useSearchParams();
  const filter: HistoryParams = Object.fromEntries(
    FILTER_KEYS.map((key) => [key, params.get(key) || undefined]).filter(([, value]) => value),
  );
  const setFilter = (key: (typeof FILTER_KEYS)[number], value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const filtered = Object.keys(filter).length > 0;
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <header className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-2">
          <h1 className="hidden font-display text-4xl font-bold md:block">{historyMessages.title}</h1>
          <p className="text-muted">{historyMessages.intro}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={paths.historyImport}>
              <Upload aria-hidden="true" />
              Import shows
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to={paths.addShow}>
              <Plus aria-hidden="true" />
              Add a show
            </Link>
          </Button>
        </div>
      </header>
      <DidYouGo answerShow={answerShow} />
      <Filters
        filter={filter}
        setFilter={setFilter}
        onClear={() => setParams(new URLSearchParams(), { replace: true })}
      />
      <HistoryList filter={filter} filtered={filtered} />
    </section>
  );
};

const Filters = ({
  filter,
  setFilter,
  onClear,
}: {
  filter: HistoryParams;
  setFilter: (key: (typeof FILTER_KEYS)[number], value: string) => void;
  onClear: () => void;
}) => {
  const options = useQuery(historyFiltersQueryOptions());
  const [text, setText] = useState(filter.q ?? '');
  // The search asks the server once typing pauses, not on every key.
  useEffect(() => {
    if (text === (filter.q ?? '')) return;
    const timer = setTimeout(() => setFilter('q', text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, filter.q, setFilter]);
  const data = options.data;
  return (
    <search className="flex flex-col gap-3" aria-label="Search and filter your history">
      <label className="relative flex items-center">
        <span className="sr-only">Search artists, venues and cities</span>
        <Search className="pointer-events-none absolute left-4 size-4 text-muted" aria-hidden="true" />
        <input
          type="search"
          value={text}
          maxLength={HISTORY_SEARCH_MAX}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search artists, venues and cities"
          className="h-11 w-full rounded-full border border-border-strong bg-surface pr-4 pl-10 text-sm focus-visible:outline-2"
        />
      </label>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <FilterSelect label="Year" value={filter.year} options={data?.years} onChange={(v) => setFilter('year', v)} />
        <FilterSelect
          label="Artist"
          value={filter.artist}
          options={data?.artists}
          onChange={(v) => setFilter('artist', v)}
        />
        <FilterSelect
          label="Venue"
          value={filter.venue}
          options={data?.venues}
          onChange={(v) => setFilter('venue', v)}
        />
        <FilterSelect label="City" value={filter.city} options={data?.cities} onChange={(v) => setFilter('city', v)} />
      </div>
      {Object.keys(filter).length > 0 ? (
        <Button
          variant="ghost"
          size="sm"
          className="self-start"
          onClick={() => {
            setText('');
            onClear();
          }}
        >
          <X aria-hidden="true" />
          Clear filters
        </Button>
      ) : null}
    </search>
  );
};

const FilterSelect = ({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string | undefined;
  options: HistoryFilterOption[] | undefined;
  onChange: (value: string) => void;
}) => {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1 text-xs font-semibold text-muted">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value ?? ''}
        disabled={!options}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 w-full min-w-0 truncate rounded-full border border-border-strong bg-surface px-3 text-sm font-semibold text-foreground focus-visible:outline-2"
      >
        <option value="">All</option>
        {/* A value from a link that the fan has no show for still shows as chosen. */}
        {value && options && !options.some((o) => o.value === value) ? <option value={value}>{value}</option> : null}
        {options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label} ({option.count})
          </option>
        ))}
      </select>
    </div>
  );
};

const HistoryList = ({ filter, filtered }: { filter: HistoryParams; filtered: boolean }) => {
  const query = useInfiniteQuery(historyQueryOptions(filter));
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  // Loads the next page when the end of the list comes near (the button stays for keyboards).
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) return <Spinner label="Loading your history..." className="py-16" />;
  if (query.isError) {
    return <LoadError what="Your history" message={query.error.message} onRetry={() => query.refetch()} />;
  }
  const shows = query.data.pages.flatMap((page) => page.shows);
  const total = query.data.pages[0]?.total ?? 0;
  if (shows.length === 0) return <Empty filtered={filtered} />;
  const years = byYear(shows);
  return (
    <div className="flex flex-col gap-8">
      <p className="text-sm text-muted" aria-live="polite">
        {total === 1 ? '1 show' : `${total.toLocaleString('en-US')} shows`}
        {filtered ? (total === 1 ? ' matches' : ' match') : ''}
      </p>
      {years.map(([year, list]) => (
        <section key={year} aria-labelledby={`year-${year}`} className="flex flex-col gap-3">
          <h2 id={`year-${year}`} className="sticky top-16 z-10 bg-background/95 py-1 font-display text-2xl font-bold">
            {year}
          </h2>
          <ul className="flex flex-col gap-2">
            {list.map((show) => (
              <HistoryRow key={show.key} show={show} />
            ))}
          </ul>
        </section>
      ))}
      <div ref={sentinel} />
      {query.hasNextPage ? (
        <Button
          variant="outline"
          className="self-center"
          disabled={query.isFetchingNextPage}
          onClick={() => query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading...' : historyMessages.loadMore}
        </Button>
      ) : null}
    </div>
  );
};

function byYear(shows: HistoryShow[]): [string, HistoryShow[]][] {
  const years: [string, HistoryShow[]][] = [];
  for (const show of shows) {
    const year = show.date.slice(0, 4);
    const last = years.at(-1);
    if (last?.[0] === year) last[1].push(show);
    else years.push([year, [show]]);
  }
  return years;
}

/**
 * One show. Memoised: a new page leaves the rows already shown alone (their objects stay the same
 * in the query's data), so with thousands loaded an append renders 50 rows, not all of them. Rows
 * off screen skip layout and paint (content-visibility), sized by an estimate until first shown.
 */
const HistoryRow = memo(function HistoryRow({ show }: { show: HistoryShow }) {
  const [, m, d] = show.date.split('-').map(Number) as [number, number, number];
  const attended = show.artists.filter((a) => a.attended);
  const others = show.artists.filter((a) => !a.attended);
  return (
    <li data-testid="history-show" className="[contain-intrinsic-size:auto_6rem] [content-visibility:auto]">
      <Link
        to={paths.show(show.stopId)}
        className="grid grid-cols-[3.25rem_1fr] gap-x-4 rounded-2xl border border-border bg-surface p-3 transition-colors hover:border-accent focus-visible:outline-2 sm:px-4"
      >
        <div
          className="flex h-14 flex-col items-center justify-center rounded-xl border border-border-strong bg-background leading-tight"
          aria-hidden="true"
        >
          <span className="font-display text-xl font-bold text-accent">{d}</span>
          <span className="text-[0.7rem] font-semibold tracking-wide text-muted uppercase">{MONTH[m - 1]}</span>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <p className="font-display text-base leading-snug font-bold">
            {attended.map((a) => a.artistName).join(' + ')}
            {others.length > 0 ? (
              <span className="font-sans text-sm font-medium text-muted">
                {' '}
                with {others.map((a) => a.artistName).join(', ')}
              </span>
            ) : null}
          </p>
          <p className="sr-only">{formatLongDate(show.date)}</p>
          <p className="truncate text-sm text-muted">
            <MapPin className="mr-1 inline size-3.5 align-[-0.125em]" aria-hidden="true" />
            {show.venue.name} · {placeLabel(show.venue)}
          </p>
          <div className="flex flex-wrap items-center gap-2 text-xs">
            {show.rating ? <Rating value={show.rating} /> : null}
            {show.setlistSongs > 0 ? (
              <Badge>
                <ListMusic className="size-3.5" aria-hidden="true" />
                Setlist · {show.setlistSongs} {show.setlistSongs === 1 ? 'song' : 'songs'}
              </Badge>
            ) : null}
          </div>
        </div>
      </Link>
    </li>
  );
});

const Rating = ({ value }: { value: number }) => (
  <span className="inline-flex items-center gap-0.5" role="img" aria-label={`Rated ${value} of 5`}>
    {[1, 2, 3, 4, 5].map((n) => (
      <Star
        key={n}
        className={n <= value ? 'size-3.5 fill-accent text-accent' : 'size-3.5 text-border-strong'}
        aria-hidden="true"
      />
    ))}
  </span>
);

const Badge = ({ children }: { children: ReactNode }) => (
  <span className="inline-flex items-center gap-1 rounded-full border border-border-strong px-2 py-0.5 font-semibold text-foreground">
    {children}
  </span>
);

const Empty = ({ filtered }: { filtered: boolean }) => (
  <div className="flex flex-col items-center gap-4 rounded-card border border-dashed border-border-strong bg-surface px-6 py-12 text-center">
    <ListMusic className="size-10 text-accent" aria-hidden="true" />
    <h2 className="font-display text-2xl font-bold">
      {filtered ? historyMessages.noMatchHeading : historyMessages.emptyHeading}
    </h2>
    {filtered ? null : <p className="max-w-md text-muted">{historyMessages.emptyHint}</p>}
    {filtered ? null : (
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={paths.addShow}>
            <Plus aria-hidden="true" />
            Add a show
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.historyImport}>
            <Upload aria-hidden="true" />
            Import shows
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.dashboard}>My Shows</Link>
        </Button>
      </div>
    )}
  </div>
);
