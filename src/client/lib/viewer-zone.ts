import { viewerTimeZone } from '#shared/dates.ts';
import { useAdopting } from './adopting.ts';

/**
 * The viewer's time zone, or null while a server-rendered page is adopted: the server cannot know
 * the viewer's zone, so both name the venue's zone, and the viewer's own zone decides right after.
 */
export function useViewerZone(): string | null {
  return useAdopting() ? null : viewerTimeZone();
}
