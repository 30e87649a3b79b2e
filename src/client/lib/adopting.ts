import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};
const notAdopting = () => false;
const isAdopting = () => true;

/**
 * True while the page is rendered on the server and while the browser adopts that HTML (hydration,
 * a lazy section included); false right after. What only the browser knows (the viewer's zone, the
 * session) waits for false, so the first render matches the server's (no React error #418).
 */
export function useAdopting(): boolean {
  return useSyncExternalStore(noSubscription, notAdopting, isAdopting);
}
