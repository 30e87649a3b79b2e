import { useQuery } from '@tanstack/react-query';
import { BarChart3, Download, Flame, Music, Plus, Route, Sparkles, Trophy } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '#client/components/load-error.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { paths } from '#client/lib/paths.ts';
import { placeLabel } from '#client/lib/place-label.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { formatLongDate, formatMonthTitle } from '#shared/dates.ts';
import { type StatsResponse, type StatsShowRef, statsMessages } from '#shared/stats.ts';
import { statsFirstTimesQueryOptions, statsQueryOptions, statsSummaryUrl } from '../api/stats-api.ts';
import { BarChart } from './bar-chart.tsx';
import { PlacesMap } from './places-map.tsx';
import { RankTable } from './rank-table.tsx';
import { ShowAll } from './show-all.tsx';
import { SongStats } from './song-stats.tsx';

const MONTH_LETTERS = ['J', 'F', 'M', 'A', 'M', 'J', 'J', 'A', 'S', 'O', 'N', 'D'];

/** /stats — Concert stats (issue 12): every figure computed by the server, for all time or one year. */
export const StatsPage = () => {
  useDocumentTitle(`Stats | ${BRAND}`);
  const [params, setParams] = useSearchParams();
  const rawYear = Number(params.get('year'));
  const year = Number.isInteger(rawYear) && rawYear >= 1950 && rawYear <= 2100 ? rawYear : null;
  const query = useQuery(statsQueryOptions(year));
  const setYear = (next: number | null) =>
    setParams(next === null ? new URLSearchParams() : new URLSearchParams({ year: String(next) }), { replace: true });
  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-2">
          <h1 className="hidden font-display text-4xl font-bold md:block">{statsMessages.title}</h1>
          <p className="text-muted">{statsMessages.intro}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-2 text-sm text-muted">
            Year
            <select
              value={year ?? ''}
              onChange={(event) => setYear(event.target.value ? Number(event.target.value) : null)}
              className="h-10 rounded-full border border-border-strong bg-surface px-3 text-sm font-semibold text-foreground focus-visible:outline-2"
            >
              <option value="">{statsMessages.allTime}</option>
              {(query.data?.perYear ?? [])
                .map((y) => y.year)
                .concat(year !== null && !query.data?.perYear.some((y) => y.year === year) ? [year] : [])
                .sort((a, b) => b - a)
                .map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
            </select>
          </label>
          {year !== null && query.data && query.data.totals.shows > 0 ? (
            <Button asChild variant="outline" size="sm">
              <a href={statsSummaryUrl(year)} target="_blank" rel="noreferrer" download={`tourguides-${year}.png`}>
                <Download aria-hidden="true" />
                {statsMessages.share}
              </a>
            </Button>
          ) : null}
        </div>
      </header>
      <Body query={query} year={year} setYear={setYear} />
    </section>
  );
};

const Body = ({
  query,
  year,
  setYear,
}: {
  query: ReturnType<typeof useQuery<StatsResponse>>;
  year: number | null;
  setYear: (year: number | null) => void;
}) => {
  if (query.isPending) return <Spinner label="Adding up your shows..." className="py-20" />;
  if (query.isError)
    return <LoadError what="Your stats" message={query.error.message} onRetry={() => query.refetch()} />;
  const stats = query.data;
  if (stats.perYear.length === 0) return <Empty />;
  return (
    <div className="flex flex-col gap-6">
      <Totals stats={stats} />
      <div className="rounded-card border border-border bg-surface p-4 sm:p-5">
        {stats.perMonth ? (
          <BarChart
            title={`Shows per month in ${year}`}
            period="Month"
            bars={stats.perMonth.map((m, i) => ({
              label: formatMonthTitle(m.month),
              short: MONTH_LETTERS[i],
              value: m.count,
            }))}
          />
        ) : (
          <BarChart
            title="Shows per year"
            period="Year"
            bars={stats.perYear.map((y) => ({ label: String(y.year), value: y.count }))}
            onSelect={(label) => setYear(Number(label))}
          />
        )}
      </div>
      <Highlights stats={stats} />
      <div className="grid gap-4 md:grid-cols-3">
        <RankTable
          title="Top artists"
          testId="top-artists"
          rows={stats.topArtists.map((row) => ({
            key: row.key,
            label: (
              <Link to={paths.artist(row.key)} className="hover:underline">
                {row.label}
              </Link>
            ),
            count: row.count,
          }))}
        />
        <RankTable
          title="Top venues"
          rows={stats.topVenues.map((row) => ({
            key: row.key,
            label: (
              <Link to={paths.venue(row.key)} className="hover:underline">
                {row.label}
              </Link>
            ),
            count: row.count,
          }))}
        />
        <RankTable
          title="Top cities"
          rows={stats.topCities.map((row) => ({ key: row.key, label: row.label, count: row.count }))}
        />
      </div>
      <PlacesMap stats={stats} />
      <SongStats stats={stats} />
      <FirstTimes stats={stats} />
    </div>
  );
};

const Totals = ({ stats }: { stats: StatsResponse }) => {
  const t = stats.totals;
  const n = (value: number) => value.toLocaleString('en-US');
  const items: { key: string; value: string; label: string; extra?: ReactNode }[] = [
    { key: 'shows', value: n(t.shows), label: t.shows === 1 ? 'show' : 'shows' },
    { key: 'artists', value: n(t.artists), label: t.artists === 1 ? 'artist' : 'artists' },
    { key: 'venues', value: n(t.venues), label: t.venues === 1 ? 'venue' : 'venues' },
    { key: 'cities', value: n(t.cities), label: t.cities === 1 ? 'city' : 'cities' },
    { key: 'countries', value: n(t.countries), label: t.countries === 1 ? 'country' : 'countries' },
    { key: 'songs', value: n(t.songs), label: t.songs === 1 ? 'song heard live' : 'songs heard live' },
    t.km === null
      ? {
          key: 'km',
          value: '—',
          label: 'km travelled',
          extra: (
            <Link to={paths.settings} className="text-accent hover:underline">
              Set home
            </Link>
          ),
        }
      : { key: 'km', value: n(t.km), label: 'km travelled (there and back)' },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7" data-testid="stats-totals">
      {items.map((item) => (
        <div
          key={item.key}
          className="flex flex-col-reverse gap-1 rounded-card border border-border bg-surface p-3"
          data-testid={`total-${item.key}`}
        >
          <dt className="text-xs font-semibold text-muted">
            {item.label} {item.extra}
          </dt>
          <dd className="font-display text-2xl font-bold text-accent tabular-nums">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
};

const ShowLine = ({ show }: { show: StatsShowRef }) => (
  <Link to={paths.show(show.stopId)} className="hover:underline">
    <span className="font-semibold">{show.artists.join(' + ')}</span>
    <span className="block text-sm text-muted">
      {show.venueName} · {placeLabel(show)} · {formatLongDate(show.date)}
    </span>
  </Link>
);

const Highlights = ({ stats }: { stats: StatsResponse }) => {
  const cards: [ReactNode, string, ReactNode][] = [];
  if (stats.firstShow) cards.push([<Sparkles key="i" />, 'First show', <ShowLine key="b" show={stats.firstShow} />]);
  if (stats.latestShow) cards.push([<Trophy key="i" />, 'Latest show', <ShowLine key="b" show={stats.latestShow} />]);
  if (stats.busiestMonth) {
    cards.push([
      <BarChart3 key="i" />,
      'Busiest month',
      <span key="b">
        <span className="font-semibold">{formatMonthTitle(stats.busiestMonth.month)}</span>
        <span className="block text-sm text-muted">
          {stats.busiestMonth.count} {stats.busiestMonth.count === 1 ? 'show' : 'shows'}
        </span>
      </span>,
    ]);
  }
  if (stats.longestStreak) {
    const s = stats.longestStreak;
    cards.push([
      <Flame key="i" />,
      'Longest streak',
      <span key="b">
        <span className="font-semibold">
          {s.months} {s.months === 1 ? 'month' : 'months'} in a row
        </span>
        <span className="block text-sm text-muted">
          {s.from === s.to ? formatMonthTitle(s.from) : `${formatMonthTitle(s.from)} – ${formatMonthTitle(s.to)}`}
        </span>
      </span>,
    ]);
  }
  if (cards.length === 0) return null;
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map(([icon, title, body]) => (
        <section key={title} className="flex flex-col gap-2 rounded-card border border-border bg-surface p-4">
          <h3 className="flex items-center gap-2 text-sm font-semibold text-muted [&_svg]:size-4 [&_svg]:text-accent">
            {icon}
            {title}
          </h3>
          {body}
        </section>
      ))}
    </div>
  );
};

const FirstTimes = ({ stats }: { stats: StatsResponse }) => {
  const [showAll, setShowAll] = useState(false);
  const more = stats.firstTimesTotal > stats.firstTimes.length;
  const all = useQuery(statsFirstTimesQueryOptions(stats.year, showAll && more));
  if (stats.firstTimes.length === 0) return null;
  const rows = all.data?.firstTimes ?? stats.firstTimes;
  return (
    <section
      aria-labelledby="first-times"
      className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 sm:p-5"
    >
      <h2 id="first-times" className="flex items-center gap-2 font-display text-xl font-bold">
        <Route className="size-5 text-accent" aria-hidden="true" />
        {stats.year === null ? 'First time seeing each artist' : `Seen for the first time in ${stats.year}`}
      </h2>
      <ol className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        {rows.map((first) => (
          <li key={first.artistSlug} className="flex justify-between gap-3 border-b border-border py-1.5">
            <Link to={paths.show(first.stopId)} className="font-semibold hover:underline">
              {first.artistName}
            </Link>
            <span className="shrink-0 text-right text-muted">
              {formatLongDate(first.date)}
              <span className="sr-only">, </span>
              <span className="block text-xs">{first.venueName}</span>
            </span>
          </li>
        ))}
      </ol>
      {more ? (
        <ShowAll
          label={`Show all ${stats.firstTimesTotal.toLocaleString('en-US')} artists`}
          query={all}
          onShow={() => (showAll ? void all.refetch() : setShowAll(true))}
        />
      ) : null}
    </section>
  );
};

const Empty = () => (
  <div className="flex flex-col items-center gap-4 rounded-card border border-dashed border-border-strong bg-surface px-6 py-12 text-center">
    <Music className="size-10 text-accent" aria-hidden="true" />
    <h2 className="font-display text-2xl font-bold">{statsMessages.emptyHeading}</h2>
    <p className="max-w-md text-muted">{statsMessages.emptyHint}</p>
    <div className="flex flex-wrap justify-center gap-3">
      <Button asChild>
        <Link to={paths.addShow}>
          <Plus aria-hidden="true" />
          Add a show
        </Link>
      </Button>
      <Button asChild variant="outline">
        <Link to={paths.myShows}>History</Link>
      </Button>
    </div>
  </div>
);
