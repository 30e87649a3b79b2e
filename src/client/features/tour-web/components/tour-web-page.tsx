import { CheckCircle2, Compass, ExternalLink, XCircle } from 'lucide-react';
import { type ComponentType, type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { TourDatesForm, TourDatesPage, useTourDatesRequest } from '#client/components/tour-dates-page.tsx';
import { Typeahead, type TypeaheadOption } from '#client/components/typeahead.tsx';
import { apiGet } from '#client/lib/api-client.ts';
import { paths } from '#client/lib/paths.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { cn } from '#client/lib/utils.ts';
import { localIsoDate } from '#shared/dates.ts';
import type { CatalogSearchResponse } from '#shared/search-api.ts';
import type { FinderResponse, PreviewPage } from '#shared/tour-scraper.ts';
import { postFind } from '../api/tour-web-api.ts';

/** Catalog artists only: the finder starts from an artist the catalog has. */
async function searchCatalogArtists(text: string, signal: AbortSignal): Promise<TypeaheadOption<string>[]> {
  const { matches } = await apiGet<CatalogSearchResponse>('/api/search/artists', { query: { q: text }, signal });
  return matches.map((match) => ({
    key: match.slug,
    label: match.name,
    detail: match.tourCount > 0 ? `${match.tourCount} ${match.tourCount === 1 ? 'tour' : 'tours'}` : 'In the catalog',
    value: match.slug,
  }));
}

/**
 * /tour-web: pick an artist; the server looks for their official site and tour page, and reads it.
 * `Preview` is the tour scraper's editable preview and import of the events read.
 */
export const TourWebPage = ({ Preview }: { Preview: ComponentType<{ pages: PreviewPage[] }> }) => {
  useDocumentTitle(`Web tour finder | ${BRAND}`);
  const [artist, setArtist] = useState<TypeaheadOption<string> | null>(null);
  const request = useTourDatesRequest('The search failed. Please try again.');
  const [answer, setAnswer] = useState<FinderResponse | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!artist) return request.setProblem('Choose an artist from the catalog');
    setAnswer(null);
    await request.run(async () => {
      const found = await postFind(artist.value, localIsoDate());
      setAnswer(found);
    });
  }

  return (
    <TourDatesPage
      icon={Compass}
      title="Web tour finder"
      intro={
        <>
          Pick an artist. We look up their official site (MusicBrainz, Wikidata), find its tour page, read the dates and
          show you every step we took. Have an address already? Use the{' '}
          <Link to={paths.tourScraper} className="text-accent underline-offset-4 hover:underline">
            tour scraper
          </Link>
          .
        </>
      }
    >
      <TourDatesForm
        onSubmit={submit}
        className="max-w-xl"
        problem={request.problem}
        loading={request.loading}
        icon={Compass}
        label="Find tour dates"
        loadingLabel="Looking…"
        loadingNote="Following the artist’s links. This can take up to half a minute."
      >
        <Typeahead
          label="Artist"
          placeholder="Start typing a name"
          search={searchCatalogArtists}
          selected={artist}
          onSelect={setArtist}
          invalid={!!request.problem}
          name="artist"
        />
      </TourDatesForm>
      {answer ? <Trail answer={answer} /> : null}
      {answer?.page ? <Preview pages={[answer.page]} /> : null}
    </TourDatesPage>
  );
};

const Trail = ({ answer }: { answer: FinderResponse }) => (
  <div className="flex max-w-3xl flex-col gap-3">
    <h2 className="font-display text-2xl font-bold">The trail for {answer.artist.name}</h2>
    <ol className="flex flex-col gap-2" aria-label="Trail">
      {answer.steps.map((step, index) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: steps are a fixed list in order; two can share a label
          key={index}
          className={cn(
            'flex items-start gap-3 rounded-card border px-4 py-3 text-sm',
            step.ok ? 'border-border bg-surface' : 'border-border/60 bg-surface/60',
          )}
        >
          {step.ok ? (
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-300" aria-label="Worked" />
          ) : (
            <XCircle className="mt-0.5 size-4 shrink-0 text-muted" aria-label="Nothing here" />
          )}
          <span className="flex min-w-0 flex-col gap-0.5">
            <span>
              {index + 1}. {step.label}
            </span>
            {step.url ? (
              <a
                href={step.url}
                target="_blank"
                rel="noreferrer noopener"
                className="flex items-center gap-1 truncate font-mono text-xs text-muted underline-offset-4 hover:underline"
              >
                <ExternalLink className="size-3 shrink-0" aria-hidden="true" />
                <span className="truncate">{step.url}</span>
              </a>
            ) : null}
          </span>
        </li>
      ))}
    </ol>
    {answer.message ? (
      <p role="status" className="rounded-card border border-border bg-surface px-4 py-3 text-sm">
        {answer.message}
      </p>
    ) : null}
  </div>
);
