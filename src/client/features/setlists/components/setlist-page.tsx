import { ListMusic, SearchX, Sparkles } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NotFoundState, QueryPageState } from '#client/components/page-states.tsx';
import { Typeahead, type TypeaheadOption } from '#client/components/typeahead.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { apiGet } from '#client/lib/api-client.ts';
import { paths } from '#client/lib/paths.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { formatLongDate, localIsoDate } from '#shared/dates.ts';
import type { CatalogSearchResponse } from '#shared/search-api.ts';
import { type ArtistSetlistsView, playedAtText, SETLIST_MESSAGES, type SetlistView } from '#shared/setlists.ts';
import { useArtistSetlists, useStopSetlists } from '../api/setlists-api.ts';
import { ProviderNotice, SetlistfmAttribution, SetlistSongs } from './setlist-songs.tsx';

async function searchCatalogArtists(text: string, signal: AbortSignal): Promise<TypeaheadOption<string>[]> {
  const { matches } = await apiGet<CatalogSearchResponse>('/api/search/artists', { query: { q: text }, signal });
  return matches.map((match) => ({ key: match.slug, label: match.name, value: match.slug }));
}

const place = (setlist: SetlistView) => [setlist.venueName, setlist.city, setlist.country].filter(Boolean).join(', ');

const SetlistCard = ({ setlist, open }: { setlist: SetlistView; open?: boolean }) => (
  <details open={open} className="group rounded-2xl border border-border bg-surface" data-testid="tour-setlist">
    <summary className="flex cursor-pointer flex-wrap items-baseline justify-between gap-2 px-4 py-3">
      <span className="font-semibold">
        <time dateTime={setlist.eventDate}>{formatLongDate(setlist.eventDate)}</time>
        <span className="ml-2 font-normal text-muted">{place(setlist)}</span>
      </span>
      <span className="text-sm text-muted">
        {setlist.songCount} {setlist.songCount === 1 ? 'song' : 'songs'}
        {setlist.mine ? ' · yours' : ''}
      </span>
    </summary>
    <div className="border-t border-border px-4 py-3">
      <SetlistSongs setlist={setlist} />
      {setlist.stopId ? (
        <Link to={paths.show(setlist.stopId)} className="mt-3 inline-block text-sm text-accent hover:underline">
          Show details
        </Link>
      ) : null}
    </div>
  </details>
);

const Predicted = ({ view }: { view: ArtistSetlistsView }) => (
  <section aria-labelledby="predicted" className="flex flex-col gap-3">
    <h2 id="predicted" className="flex items-center gap-2 font-display text-2xl font-bold">
      <Sparkles className="size-6 text-accent" aria-hidden="true" />
      Predicted setlist
    </h2>
    <p className="text-sm text-muted">
      The songs played at half the shows or more{view.tourName ? ` of the ${view.tourName}` : ''}, in their usual order,
      from {view.showsCounted} {view.showsCounted === 1 ? 'setlist' : 'setlists'}.
    </p>
    <ol
      className="flex flex-col divide-y divide-border rounded-2xl border border-border bg-surface"
      data-testid="predicted"
    >
      {view.predicted.map((song, index) => (
        <li key={song.songId} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-2">
          <span>
            <span className="mr-2 text-sm text-muted tabular-nums">{index + 1}.</span>
            <span className="font-medium">{song.name}</span>
            {song.coverArtistName ? (
              <span className="ml-2 text-sm text-muted">({song.coverArtistName} cover)</span>
            ) : null}
            {song.encore ? <span className="ml-2 text-xs font-semibold text-accent uppercase">encore</span> : null}
          </span>
          <span className="text-sm text-muted">{playedAtText(song.playedAt, view.showsCounted)}</span>
        </li>
      ))}
    </ol>
  </section>
);

const Rarities = ({ view }: { view: ArtistSetlistsView }) =>
  view.rarities.length === 0 ? null : (
    <section aria-labelledby="rarities" className="flex flex-col gap-3">
      <h2 id="rarities" className="font-display text-2xl font-bold">
        Rarities
      </h2>
      <ul className="flex flex-col gap-1" data-testid="rarities">
        {view.rarities.map((song) => (
          <li key={song.songId} className="text-sm">
            <span className="font-medium">{song.name}</span>{' '}
            <span className="text-muted">
              · {playedAtText(song.playedAt, view.showsCounted)}, last on {formatLongDate(song.lastPlayed)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );

const ArtistSetlists = ({ slug }: { slug: string }) => {
  const query = useArtistSetlists(slug);
  const view = query.data;
  useDocumentTitle(`${view ? `${view.artistName} setlists` : 'Setlists'} | ${BRAND}`);
  if (!view) {
    return (
      <QueryPageState
        query={query}
        loadingLabel="Loading setlists..."
        what="The setlists"
        notFound={
          <NotFoundState icon={SearchX} thing="Artist" heading="Artist not found" hint="Pick another one above." />
        }
      />
    );
  }
  return (
    <div className="flex flex-col gap-10">
      <header className="flex flex-col gap-1">
        <h2 className="font-display text-3xl font-extrabold">
          <Link to={paths.artist(view.artistSlug)} className="underline-offset-4 hover:underline">
            {view.artistName}
          </Link>
        </h2>
        {view.tourName ? <p className="text-muted">{view.tourName}</p> : null}
      </header>
      <ProviderNotice provider={view.provider} />
      {view.setlists.length === 0 ? (
        <p className="text-muted">{SETLIST_MESSAGES.noSetlists}</p>
      ) : (
        <>
          {view.predicted.length > 0 ? <Predicted view={view} /> : null}
          <Rarities view={view} />
          <section aria-labelledby="tour-setlists" className="flex flex-col gap-3">
            <h2 id="tour-setlists" className="font-display text-2xl font-bold">
              Setlists of this tour
            </h2>
            <div className="flex flex-col gap-2">
              {view.setlists.map((setlist, index) => (
                <SetlistCard key={setlist.id} setlist={setlist} open={index === 0} />
              ))}
            </div>
          </section>
        </>
      )}
    </div>
  );
};

/** A show still ahead has no setlist: what the artist will probably play (kept offline for Going shows). */
const UpcomingPrediction = ({ slug }: { slug: string }) => {
  const query = useArtistSetlists(slug);
  if (query.isPending) return <Spinner label="Loading the predicted setlist..." align="start" />;
  const view = query.data;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted">The show is still ahead: no setlist yet.</p>
      {view && view.predicted.length > 0 ? <Predicted view={view} /> : null}
    </div>
  );
};

const ShowSetlist = ({ stopId }: { stopId: string }) => {
  const query = useStopSetlists(stopId);
  const view = query.data;
  useDocumentTitle(`${view ? `${view.artistName} setlist` : 'Setlist'} | ${BRAND}`);
  if (!view) {
    return (
      <QueryPageState
        query={query}
        loadingLabel="Loading setlist..."
        what="The setlist"
        notFound={<NotFoundState icon={SearchX} thing="Show" heading="Show not found" hint="Pick an artist above." />}
      />
    );
  }
  const setlist = view.mine ?? view.setlistfm;
  return (
    <div className="flex flex-col gap-6" data-testid="show-setlist">
      <header>
        <h2 className="font-display text-3xl font-extrabold">{view.artistName}</h2>
        <p className="text-muted">
          <time dateTime={view.eventDate}>{formatLongDate(view.eventDate)}</time>
          {setlist ? ` · ${place(setlist)}` : ''}
        </p>
      </header>
      <ProviderNotice provider={view.provider} />
      {setlist ? (
        <div className="rounded-2xl border border-border bg-surface p-4">
          <SetlistSongs setlist={setlist} />
        </div>
      ) : view.eventDate >= localIsoDate(new Date()) ? (
        <UpcomingPrediction slug={view.artistSlug} />
      ) : (
        <p className="text-muted">No setlist for this show yet.</p>
      )}
      {view.mine && view.setlistfm?.url ? <SetlistfmAttribution url={view.setlistfm.url} /> : null}
      <div className="flex flex-wrap gap-4 text-sm">
        <Link to={paths.show(view.stopId)} className="text-accent hover:underline">
          Show details
        </Link>
        <Link
          to={`${paths.setlist}?artist=${encodeURIComponent(view.artistSlug)}`}
          className="text-accent hover:underline"
        >
          Tour setlists and predicted setlist
        </Link>
      </div>
    </div>
  );
};

/** /setlist — pick an artist: the current tour's setlists, the predicted setlist, the rarities; ?show= opens one. */
export const SetlistPage = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const artist = params.get('artist') ?? '';
  const show = params.get('show') ?? '';
  useDocumentTitle(`Setlists | ${BRAND}`);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-10 sm:px-6">
      <div className="flex flex-col gap-4">
        <h1 className="flex items-center gap-3 font-display text-4xl font-extrabold">
          <ListMusic className="size-9 text-accent" aria-hidden="true" />
          Setlists
        </h1>
        <div className="max-w-md">
          <Typeahead<string>
            label="Artist"
            placeholder="Search an artist"
            search={searchCatalogArtists}
            selected={null}
            onSelect={(option) => {
              if (option) navigate(`${paths.setlist}?artist=${encodeURIComponent(option.value)}`);
            }}
          />
        </div>
      </div>
      {show ? <ShowSetlist stopId={show} /> : null}
      {!show && artist ? <ArtistSetlists key={artist} slug={artist} /> : null}
      {!show && !artist ? (
        <p className="text-muted">
          See what an artist plays on their current tour, and what they will probably play at their next show.
        </p>
      ) : null}
    </div>
  );
};
