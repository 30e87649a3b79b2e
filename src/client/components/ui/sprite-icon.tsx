import type { LucideIcon } from 'lucide-react';
import { createContext, type ReactNode, useContext, useMemo } from 'react';

/**
 * Icons a list repeats on every row (a tour's stops: time, place, guide, tickets, the fan's state
 * buttons). A lucide icon is a whole inline `<svg>` of 300–600 bytes each time it renders: six a
 * stop were ~2.6 KB of a 200-stop tour page's ~6 KB a stop (issue 25). Inside an `IconSprite` that
 * lists it, an icon is drawn once per page as a `<symbol>` and shown with `<use>` (~90 bytes).
 */

/** The symbol id of each icon the page's sprite holds. */
const SpriteIds = createContext<ReadonlyMap<LucideIcon, string> | null>(null);

/**
 * A page of long lists (tour, artist, venue, trip: composed in app/routes) wraps its content in
 * this with the icons its rows use (each feature exports its list): the symbols follow the content
 * once, hidden. Each symbol is lucide's own drawing with its fill left to the icon that uses it (a
 * chosen Interested star is filled), so it looks as the inline icon did.
 */
export const IconSprite = ({ icons, children }: { icons: readonly LucideIcon[]; children: ReactNode }) => {
  const ids = useMemo(
    () => new Map(icons.map((Icon, index) => [Icon, `icon-${Icon.displayName ?? index}`] as const)),
    [icons],
  );
  return (
    <SpriteIds value={ids}>
      {children}
      <svg className="hidden" width="0" height="0" aria-hidden="true">
        {[...ids].map(([Icon, id]) => (
          <symbol key={id} id={id} viewBox="0 0 24 24">
            <Icon fill="inherit" />
          </symbol>
        ))}
      </svg>
    </SpriteIds>
  );
};

/**
 * A decorative icon (hidden from screen readers, as every icon beside a text is here): a `<use>`
 * of its symbol inside an `IconSprite` that holds it, else lucide's inline icon. Sized like a
 * lucide icon (24 px, `.sprite-icon`) unless a class or its parent sizes it; unfilled unless a
 * class fills it.
 */
export const SpriteIcon = ({ icon: Icon, className }: { icon: LucideIcon; className?: string }) => {
  // useContext, not use: Preact's server renderer gives `use` no context to read (it threw there).
  const id = useContext(SpriteIds)?.get(Icon);
  if (id === undefined) return <Icon className={className} aria-hidden="true" />;
  // Sized and unfilled by a class (styles.css), not three attributes: a tour page repeats it 1,200 times.
  return (
    <svg className={className ? `sprite-icon ${className}` : 'sprite-icon'} aria-hidden="true">
      <use href={`#${id}`} />
    </svg>
  );
};
