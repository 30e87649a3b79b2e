import { useQueryClient } from '@tanstack/react-query';
import { Globe, Loader2, Plus, RotateCcw } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { invalidateCatalogQueries } from '#client/lib/catalog-queries.ts';
import { paths } from '#client/lib/paths.ts';
import type { ArtistLookupView } from '#shared/search-api.ts';
import { useLookup } from '../api/get-lookup.ts';
import {
  LOOKUP_FAILED_TITLE,
  lookupFailedText,
  lookupHeading,
  lookupToast,
  noDatesText,
  sourceLine,
} from '../lookup-texts.ts';
import { noToursToast } from '../search-flow.ts';

const SourceLines = ({ lookup }: { lookup: ArtistLookupView }) =>
  lookup.sources.length === 0 ? null : (
    <ul className="flex flex-col gap-1 text-sm">
      {lookup.sources.map((source) => (
        <li key={source.provider} className="flex items-center gap-2">
          {source.state === 'searching' ? (
            <Loader2 className="size-3.5 shrink-0 animate-spin text-accent" aria-hidden="true" />
          ) : (
            <span className="size-3.5 shrink-0 text-center text-accent" aria-hidden="true">
              {source.state === 'found' ? '✓' : '·'}
            </span>
          )}
          {sourceLine(source)}
        </li>
      ))}
    </ul>
  );

/** What a fan can still do when nobody lists the band: add a show they know of, or find the band's page. */
const NoDatesOffers = () => (
  <div className="flex flex-wrap gap-3">
    <Button asChild variant="secondary" size="sm">
      <Link to={paths.addShow}>
        <Plus aria-hidden="true" />
        Add a show
      </Link>
    </Button>
    <Button asChild variant="secondary" size="sm">
      <Link to={paths.tourWeb}>
        <Globe aria-hidden="true" />
        Find their tour page
      </Link>
    </Button>
  </div>
);

const panel = 'mt-2 flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4 text-left shadow-2xl';

/**
 * The look-up ended: the artist's tour page opens (a MusicBrainz artist has one even without
 * dates: it offers Follow anyway); typed text nobody performs under has none, and the panel says so.
 */
function useLookupEnd(lookup: ArtistLookupView, onEnd: () => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const ended = lookup.status === 'running' ? null : lookup;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per ended look-up
  useEffect(() => {
    if (!ended) return;
    onEnd();
    if (ended.status === 'failed') return;
    // The artist list, tour, artist and venue pages may have been cached before these dates existed.
    void invalidateCatalogQueries(queryClient).then(() => {
      if (!ended.result) return showToast(noToursToast(ended.artistName));
      showToast(lookupToast(ended.result));
      navigate(paths.tour(ended.result.artistSlug));
    });
  }, [ended?.id, ended?.status]);
}

/**
 * Under the search box while a band the catalog lacked is looked up: each enabled source's answer
 * as it comes (polled); then the failure with a retry, or (typed text nobody performs under) no dates.
 */
export const LookupProgress = ({
  started,
  onEnd,
  onRetry,
}: {
  started: ArtistLookupView;
  onEnd: () => void;
  onRetry: () => void;
}) => {
  const lookup = useLookup(started).data ?? started;
  useLookupEnd(lookup, onEnd);
  if (lookup.status === 'failed') {
    return (
      <div role="alert" className={panel}>
        <p className="font-semibold">{LOOKUP_FAILED_TITLE}</p>
        <p className="text-sm text-muted">{lookupFailedText(lookup.artistName)}</p>
        <SourceLines lookup={lookup} />
        <Button type="button" variant="secondary" size="sm" className="self-start" onClick={onRetry}>
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }
  if (lookup.status === 'done' && !lookup.result) {
    return (
      <div role="status" className={panel}>
        <p className="font-semibold">{noDatesText(lookup.artistName)}</p>
        <SourceLines lookup={lookup} />
        <NoDatesOffers />
      </div>
    );
  }
  return (
    <div role="status" aria-live="polite" className={panel}>
      <p className="font-semibold">{lookupHeading(lookup.artistName)}</p>
      <SourceLines lookup={lookup} />
    </div>
  );
};
