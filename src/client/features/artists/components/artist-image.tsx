import { Music } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '#client/lib/utils.ts';

/** Start loading an image shortly before it scrolls into view (spec: lazy-load margin 50px). */
const LAZY_MARGIN = '50px';

function useNearViewport<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [isNear, setIsNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || isNear) return;
    if (typeof IntersectionObserver === 'undefined') {
      setIsNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
      },
      { rootMargin: LAZY_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear]);
  return [ref, isNear];
}

/** The artist's picture once it is near the viewport, or a placeholder icon when there is none. */
export const ArtistImage = ({ src, className }: { src: string | null; className?: string }) => {
  const [ref, isNear] = useNearViewport<HTMLDivElement>();
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const showImage = src !== null && !failed;

  return (
    <div
      ref={ref}
      className={cn(
        'relative overflow-hidden bg-[radial-gradient(circle_at_30%_20%,rgb(255_92_164/0.35),transparent_60%),radial-gradient(circle_at_80%_90%,rgb(95_216_255/0.25),transparent_55%)] bg-surface-raised',
        className,
      )}
    >
      {showImage && isNear ? (
        <img
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onLoad={() => setLoaded(true)}
          onError={() => setFailed(true)}
          className={cn(
            'absolute inset-0 size-full object-cover transition-opacity duration-300',
            loaded ? 'opacity-100' : 'opacity-0',
          )}
        />
      ) : null}
      {showImage && loaded ? null : (
        <div className="absolute inset-0 flex items-center justify-center" data-testid="artist-image-placeholder">
          <Music className="size-12 text-foreground/60" aria-hidden="true" />
        </div>
      )}
    </div>
  );
};
