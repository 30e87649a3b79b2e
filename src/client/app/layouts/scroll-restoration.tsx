import { useLayoutEffect, useRef } from 'react';
import { ScrollRestoration } from 'react-router';

interface Kept {
  y: number;
}

/** On the first commit only: notes the page's scroll (`note`) or puts it back (`restore`). */
const FirstCommitScroll = ({ kept, restore }: { kept: Kept; restore: boolean }) => {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first commit's scroll only; later navigations are the router's.
  useLayoutEffect(() => {
    if (!restore) kept.y = window.scrollY;
    else if (kept.y > 0 && window.scrollY !== kept.y) window.scrollTo(0, kept.y);
  }, []);
  return null;
};

/**
 * The router's scroll restoration, except on the first commit. A server-rendered page is on screen
 * (and scrollable) before the app adopts it; the router, which did not load that page itself, has no
 * saved position for it and scrolls it to the top. A fan who scrolled while the app started was sent
 * back up, and a tap then landed on whatever moved under the finger. Layout effects run in order, so
 * the scroll noted before the router's and put back after it never reaches the screen as a jump.
 */
export const AppScrollRestoration = () => {
  const kept = useRef<Kept>({ y: 0 }).current;
  return (
    <>
      <FirstCommitScroll kept={kept} restore={false} />
      <ScrollRestoration />
      <FirstCommitScroll kept={kept} restore={true} />
    </>
  );
};
