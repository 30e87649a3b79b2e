import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '#client/components/ui/toaster.tsx';
import { paths } from '#client/lib/paths.ts';
import { validateBandSearch } from '#shared/search.ts';
import type { ArtistLookupView, CatalogMatch } from '#shared/search-api.ts';
import { getSuggestions } from './api/get-suggestions.ts';
import { searchCatalog } from './api/search-catalog.ts';
import { startLookup } from './api/start-lookup.ts';
import {
  catalogOutcome,
  foundInCatalogToast,
  isMusicBrainzBusy,
  noToursToast,
  type SearchOption,
  searchFailureToast,
  TOAST_ID,
} from './search-flow.ts';

/**
 * MusicBrainz down is not the search down: the typed name still goes to the tour-date sources
 * (a busy MusicBrainz still says so: trying again in a few seconds gives the suggestions).
 */
const suggestionsFor = (query: string) =>
  getSuggestions(query).then(
    ({ suggestions }) => suggestions,
    (error: unknown) => {
      if (isMusicBrainzBusy(error)) throw error;
      return [];
    },
  );

/**
 * The band search (spec section 4 "Search"): idle → searching → a list of options, a tour page,
 * or a 'No tours found' toast. Catalog first, then MusicBrainz; choosing a MusicBrainz artist
 * looks its dates up from every enabled source, each source's progress shown as it answers; the
 * tour page opens when they all have (with the dates, or with what a fan can do without them).
 */
export function useBandSearch(initialText = '') {
  const navigate = useNavigate();
  const [text, setText] = useState(initialText);
  const [options, setOptions] = useState<SearchOption[]>([]);
  const [searching, setSearching] = useState(false);
  /** The look-up as started: its panel (components/lookup-progress.tsx) polls it until it ends. */
  const [started, setStarted] = useState<ArtistLookupView | null>(null);
  const [lookupEnded, setLookupEnded] = useState(false);
  const lookingUp = started !== null && !lookupEnded;

  const changeText = (value: string) => {
    setText(value);
    // Options belong to the text they were found for.
    setOptions([]);
  };

  const openCatalogArtist = (match: CatalogMatch) => {
    showToast(match.tourCount > 0 ? foundInCatalogToast(match) : noToursToast(match.name));
    setOptions([]);
    navigate(paths.tour(match.slug));
  };

  /** Runs one step of the search with the button showing 'Searching...'; any failure is 'Search failed'. */
  const run = async (step: () => Promise<void>) => {
    setSearching(true);
    try {
      await step();
    } catch (error) {
      showToast(searchFailureToast(error));
    } finally {
      setSearching(false);
    }
  };

  const lookUp = async (artistName: string, mbid?: string) => {
    setOptions([]);
    setLookupEnded(false);
    setStarted(await startLookup({ artistName, mbid }));
  };

  const submit = () => {
    if (searching || lookingUp) return;
    const check = validateBandSearch(text);
    if (!check.ok) {
      showToast({ ...check.problem, variant: 'destructive', id: TOAST_ID });
      return;
    }
    setStarted(null);
    return run(async () => {
      const outcome = catalogOutcome(check.query, (await searchCatalog(check.query)).matches);
      if (outcome.kind === 'open') return openCatalogArtist(outcome.match);
      if (outcome.kind === 'choose') return setOptions(outcome.options);
      const suggestions = await suggestionsFor(check.query);
      if (suggestions.length > 0)
        return setOptions(suggestions.map((suggestion) => ({ kind: 'musicbrainz', ...suggestion })));
      await lookUp(check.query);
    });
  };

  const choose = (option: SearchOption) => {
    if (searching || lookingUp) return;
    if (option.kind === 'catalog') return openCatalogArtist(option);
    return run(() => lookUp(option.name, option.mbid));
  };

  /** After every source failed: the same look-up again. */
  const retryLookup = () => {
    if (!started || searching) return;
    return run(() => lookUp(started.artistName, started.mbid ?? undefined));
  };

  const dismissOptions = () => setOptions([]);

  return {
    text,
    changeText,
    options,
    searching: searching || lookingUp,
    submit,
    choose,
    dismissOptions,
    lookup: started,
    endLookup: () => setLookupEnded(true),
    retryLookup,
  };
}
