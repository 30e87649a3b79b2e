import { Music } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cx } from '#client/lib/class-names.ts';
import { ARTIST_IMAGE_WIDTHS } from '#shared/image-widths.ts';

/** Start loading an image shortly before it scrolls into view (spec: lazy-load margin 50px). */
const LAZY_MARGIN = '50px';

export interface NearViewport<T extends Element = HTMLDivElement> {
  ref: React.RefObject<T | null>;
  isNear: boolean;
}

/** One observer for every image on the page (a page of cards would otherwise make twenty). */
let sharedObserver: IntersectionObserver | undefined;
const onNear = new Map<Element, () => void>();

function observeNearViewport(element: Element, near: () => void): () => void {
  sharedObserver ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) if (entry.isIntersecting) onNear.get(entry.target)?.();
    },
    { rootMargin: LAZY_MARGIN },
  );
  onNear.set(element, near);
  sharedObserver.observe(element);
  return () => {
    onNear.delete(element);
    sharedObserver?.unobserve(element);
  };
}

/** Whether the element on `ref` is (or was) within the lazy-load margin of the viewport. */
export function useNearViewport<T extends Element>(): NearViewport<T> {
  const ref = useRef<T>(null);
  const [isNear, setIsNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || isNear) return;
    if (typeof IntersectionObserver === 'undefined') {
      setIsNear(true);
      return;
    }
    return observeNearViewport(element, () => setIsNear(true));
  }, [isNear]);
  return { ref, isNear };
}

/** The width generated artwork has (hot-linked photos are not resized, so they get no srcset). */
const STORED_IMAGE_WIDTH = 600;

/** Our stored images come in narrower copies (`?w=`): the browser picks one for the slot's `sizes`. */
function storedImageSrcSet(src: string): string | undefined {
  if (!src.startsWith('/files/')) return undefined;
  const copies = ARTIST_IMAGE_WIDTHS.map((width) => `${src}?w=${width} ${width}w`);
  return [...copies, `${src} ${STORED_IMAGE_WIDTH}w`].join(', ');
}

/** A stable hue shift per artist so a page of placeholders does not look like one repeated tile. */
function placeholderHue(seed: string): number {
  let hash = 0;
  for (const character of seed) hash = (hash * 31 + character.charCodeAt(0)) % 360;
  return hash;
}

/**
 * The artist's picture once it is near the viewport, or a placeholder icon when there is none.
 * `nearViewport` lets the caller share the observation (a card asks for a missing image only then).
 * `sizes` (the slot's width, as in <img sizes>) lets the browser load a narrower copy.
 * `priority`: the page's own picture at its top (the tour and artist pages' header), usually its
 * largest paint: in the server's HTML, fetched at once and at high priority, shown as it arrives
 * (no fade, which waited for the app to hear the load after adopting the page: LCP 4.1 s on a phone).
 */
export const ArtistImage = ({
  src,
  seed,
  className,
  nearViewport,
  sizes,
  priority = false,
}: {
  src: string | null;
  seed: string;
  className?: string;
  nearViewport?: NearViewport;
  sizes?: string;
  priority?: boolean;
}) => {
  const ownNearViewport = useNearViewport<HTMLDivElement>();
  const { ref, isNear: nearNow } = nearViewport ?? ownNearViewport;
  const isNear = priority || nearNow;
  // Remembered by URL: an image swapped in live gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const showImage = src !== null && src !== failedSrc;
  const fadeIn = !priority;

  return (
    <div ref={ref} className={cx('relative overflow-hidden bg-surface-raised', className)}>
      {showImage && isNear ? (
        <img
          src={src}
          srcSet={sizes ? storedImageSrcSet(src) : undefined}
          sizes={sizes}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          referrerPolicy="no-referrer"
          onLoad={() => setLoaded(true)}
          onError={() => setFailedSrc(src)}
          className={cx(
            'absolute inset-0 size-full object-cover',
            fadeIn && 'transition-opacity duration-300',
            fadeIn && (loaded ? 'opacity-100' : 'opacity-0'),
          )}
        />
      ) : null}
      {showImage && (loaded || !fadeIn) ? null : (
        <div className="absolute inset-0 flex items-center justify-center">
          <div
            className="absolute inset-0 bg-[radial-gradient(circle_at_30%_20%,rgb(255_92_164/0.4),transparent_60%),radial-gradient(circle_at_80%_90%,rgb(95_216_255/0.3),transparent_55%)]"
            style={{ filter: `hue-rotate(${placeholderHue(seed)}deg)` }}
          />
          <Music className="relative size-12 text-foreground/60" aria-hidden="true" />
        </div>
      )}
    </div>
  );
};
