/**
 * The look-up panel's words (components/lookup-progress.tsx). Apart from search-flow.ts: the panel
 * loads when a look-up starts, not in the home page's first render.
 */
import type { ToastInput } from '#client/components/ui/toast-input.ts';
import type { LookupResult, LookupSourceView } from '#shared/search-api.ts';
import { sourceLabel } from '#shared/tour-sources.ts';
import { syncToast } from './search-flow.ts';

/** After a look-up found the artist: the tour page opens, with its dates or what a fan can do instead. */
export function lookupToast(result: LookupResult): ToastInput {
  return syncToast({ ...result, success: true, tourId: null, tours: [] });
}

/**
 * One source's line while a look-up runs: 'Ticketmaster — 12 dates'. A source this server has no
 * key for is never listed (a fan has nothing to do about it: that is the admins' API status page).
 */
export function sourceLine(source: LookupSourceView): string {
  const label = sourceLabel(source.provider);
  switch (source.state) {
    case 'searching':
      return `${label} — searching…`;
    case 'found':
      return `${label} — ${source.dates} ${source.dates === 1 ? 'date' : 'dates'}`;
    case 'none':
      return `${label} — no dates`;
    case 'failed':
      return `${label} — couldn't be reached`;
  }
}

export const lookupHeading = (artistName: string) => `Looking for tour dates for ${artistName}`;

/** Every source failed: never a bare 'Search failed' — what happened, and a retry. */
export const LOOKUP_FAILED_TITLE = "We couldn't reach the tour-date sources";
export const lookupFailedText = (artistName: string) =>
  `We couldn't look up tour dates for ${artistName} just now. Please try again in a moment.`;

/** Typed text no source knows (no MusicBrainz artist either): no page to open, but things to do. */
export const noDatesText = (artistName: string) => `Nobody lists tour dates for ${artistName} yet.`;
