import { ArrowDown, MapPinned } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { ARTISTS_SECTION_ID, ArtistsSection } from '#client/features/artists/components/artists-section.tsx';
import { HeartForSession } from '#client/features/favorites/components/favorite-heart.tsx';
import { FollowButtonForSession } from '#client/features/favorites/components/follow-button.tsx';
import { BandSearchForm } from '#client/features/search/components/band-search-form.tsx';
import { cx } from '#client/lib/class-names.ts';
import { usePageSettled } from '#client/lib/page-settled.ts';
import { paths } from '#client/lib/paths.ts';
import { scrollBehavior } from '#client/lib/scroll-behavior.ts';
import { HOME_TITLE, useDocumentTitle } from '#client/lib/use-document-title.ts';

function scrollToArtists(behavior: ScrollBehavior = scrollBehavior()): void {
  document.getElementById(ARTISTS_SECTION_ID)?.scrollIntoView({ behavior, block: 'start' });
}

/** How long a fresh load of '/#artists' keeps the list in place while the page settles. */
const ANCHOR_SETTLE_MS = 3000;
const USER_SCROLL_INPUTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * On a fresh load, the page moves under the anchor for a moment: the web fonts reflow the hero,
 * the cards replace their skeletons, and the router restores the scroll position it saved for the
 * load. Like a browser with a server-rendered page, this keeps the list at the top until the page
 * has settled or the visitor scrolls. Returns the function that stops it.
 */
function holdArtistsAnchor(): () => void {
  const hold = () => scrollToArtists('auto');
  const resized = new ResizeObserver(hold);
  const stop = () => {
    resized.disconnect();
    window.removeEventListener('scroll', hold);
    for (const input of USER_SCROLL_INPUTS) window.removeEventListener(input, stop, true);
    clearTimeout(timer);
  };
  const timer = setTimeout(stop, ANCHOR_SETTLE_MS);
  hold();
  resized.observe(document.body);
  window.addEventListener('scroll', hold, { passive: true });
  for (const input of USER_SCROLL_INPUTS) window.addEventListener(input, stop, { capture: true, passive: true });
  return stop;
}

/** '/#artists' (on load, or from the header link while already here) lands on the list. */
function useScrollToArtistsAnchor(): void {
  const location = useLocation();
  useEffect(() => {
    if (location.hash !== `#${ARTISTS_SECTION_ID}`) return;
    if (location.key !== 'default') {
      scrollToArtists();
      return;
    }
    return holdArtistsAnchor();
  }, [location.hash, location.key]);
}

const Hero = () => {
  // The stage beams sway only once the page has settled: moving three large blurred layers every
  // frame is decoration, and on a phone it would compete with the first render for the processor
  // (and, without a GPU, the compositor). Paused beams hold their first keyframe: no jump.
  const beamsPaused = !usePageSettled() && '[animation-play-state:paused]';
  return (
    <section className="stage-lights border-b border-border/60">
      <div
        aria-hidden="true"
        className={cx('stage-beam left-[2%] motion-safe:animate-beam-sway bg-magenta/50', beamsPaused)}
      />
      <div
        aria-hidden="true"
        className={cx(
          'stage-beam left-[31%] motion-safe:animate-beam-sway bg-accent/45 [animation-delay:-3s] [animation-direction:alternate-reverse]',
          beamsPaused,
        )}
      />
      <div
        aria-hidden="true"
        className={cx(
          'stage-beam right-[2%] motion-safe:animate-beam-sway bg-cyan/40 [animation-delay:-6s]',
          beamsPaused,
        )}
      />
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-7 px-4 pt-16 pb-20 text-center sm:px-6 sm:pt-24 sm:pb-28">
        <p className="rounded-full border border-accent/40 bg-background/60 px-4 py-1.5 text-[0.6875rem] font-semibold tracking-[0.12em] text-accent uppercase sm:text-xs sm:tracking-[0.18em]">
          Never miss your favorite bands on tour
        </p>
        <h1 className="max-w-4xl text-hero font-extrabold">
          Local guides for every stop on your favorite band's tour – already built and ready to use.
        </h1>
        <BandSearchForm Follow={FollowButtonForSession} />
        <Link
          to={paths.near}
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-accent underline-offset-4 hover:underline"
        >
          <MapPinned className="size-4" aria-hidden="true" />
          What's on near you
        </Link>
        <Button variant="frosted" size="lg" onClick={() => scrollToArtists()}>
          Browse Artists
          <ArrowDown aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
};

export const HomePage = () => {
  useDocumentTitle(HOME_TITLE);
  useScrollToArtistsAnchor();
  return (
    <>
      <Hero />
      <ArtistsSection Heart={HeartForSession} />
    </>
  );
};
