import { useSyncExternalStore } from 'react';
import { viewerTimeZone } from '#shared/dates.ts';

const never = () => () => {};

/**
 * The viewer's time zone, or null while the page is rendered on the server and while the browser
 * adopts that HTML: the server cannot know the viewer's zone, so both name the venue's zone, and the
 * viewer's own zone decides right after (no hydration mismatch, React error #418).
 */
export function useViewerZone(): string | null {
  return useSyncExternalStore(never, viewerTimeZone, () => null);
}
