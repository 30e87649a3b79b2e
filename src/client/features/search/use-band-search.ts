import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '#client/components/ui/toaster.tsx';
import { invalidateCatalogQueries } from '#client/lib/catalog-queries.ts';
import { paths } from '#client/lib/paths.ts';
import { validateBandSearch } from '#shared/search.ts';
import type { CatalogMatch } from '#shared/search-api.ts';
import { getSuggestions } from './api/get-suggestions.ts';
import { searchCatalog } from './api/search-catalog.ts';
import { syncTourDates } from './api/sync-tour-dates.ts';
import {
  catalogOutcome,
  foundInCatalogToast,
  noToursToast,
  type SearchOption,
  searchFailureToast,
  syncToast,
  TOAST_ID,
} from './search-flow.ts';

/**
 * The band search (spec section 4 "Search"): idle → searching → a list of options, a tour page,
 * or a 'No tours found' toast. Catalog first, then MusicBrainz; choosing a MusicBrainz artist
 * syncs its tour dates from JamBase.
 */
export function useBandSearch(initialText = '') {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [text, setText] = useState(initialText);
  const [options, setOptions] = useState<SearchOption[]>([]);
  const [searching, setSearching] = useState(false);

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

  const sync = async (artistName: string, mbid?: string) => {
    const result = await syncTourDates({ artistName, mbid });
    // The artist list, tour, artist and venue pages may have been cached before these dates existed.
    await invalidateCatalogQueries(queryClient);
    showToast(syncToast(result));
    setOptions([]);
    // A MusicBrainz artist always has a tour page now; typed text with no dates has none to show.
    if (mbid || result.stopsFound > 0) navigate(paths.tour(result.artistSlug));
  };

  const submit = () => {
    if (searching) return;
    const check = validateBandSearch(text);
    if (!check.ok) {
      showToast({ ...check.problem, variant: 'destructive', id: TOAST_ID });
      return;
    }
    return run(async () => {
      const outcome = catalogOutcome(check.query, (await searchCatalog(check.query)).matches);
      if (outcome.kind === 'open') return openCatalogArtist(outcome.match);
      if (outcome.kind === 'choose') return setOptions(outcome.options);
      const { suggestions } = await getSuggestions(check.query);
      if (suggestions.length > 0)
        return setOptions(suggestions.map((suggestion) => ({ kind: 'musicbrainz', ...suggestion })));
      await sync(check.query);
    });
  };

  const choose = (option: SearchOption) => {
    if (searching) return;
    if (option.kind === 'catalog') return openCatalogArtist(option);
    return run(() => sync(option.name, option.mbid));
  };

  const dismissOptions = () => setOptions([]);

  return { text, changeText, options, searching, submit, choose, dismissOptions };
}
