import { useEffect, useRef, useState } from 'react';
import { type NearbyPlace, OSM_ATTRIBUTION, type PlaceCategory } from '#shared/guides.ts';

const COLOURS: Record<PlaceCategory, string> = {
  food: '#f59e0b',
  sleep: '#8b5cf6',
  transit: '#0ea5e9',
  parking: '#64748b',
};
const LEGEND: Record<PlaceCategory, string> = {
  food: 'Food & drink',
  sleep: 'Sleep',
  transit: 'Transit',
  parking: 'Parking',
};

interface MapProps {
  venue: { name: string; lat: number; lon: number };
  places: NearbyPlace[];
  tilesUrl: string;
}

/**
 * The drawn plan shown until map tiles load (and instead of them offline or when the tile server
 * can't be reached): the venue in the middle, places where they are, a 500 m scale.
 */
export function StaticPlan({ venue, places }: Omit<MapProps, 'tilesUrl'>) {
  const size = 320;
  const reach = Math.max(600, ...places.map((place) => place.distanceM)) * 1.1;
  const metresPerDegLat = 111_320;
  const metresPerDegLon = 111_320 * Math.cos((venue.lat * Math.PI) / 180);
  const project = (lat: number, lon: number) => ({
    x: size / 2 + (((lon - venue.lon) * metresPerDegLon) / reach) * (size / 2),
    y: size / 2 - (((lat - venue.lat) * metresPerDegLat) / reach) * (size / 2),
  });
  const scale = (500 / reach) * (size / 2);
  const categories = [...new Set(places.map((place) => place.category))];
  return (
    <figure className="flex h-full w-full flex-col">
      <svg
        viewBox={`0 0 ${size} ${size}`}
        className="h-full w-full rounded-card bg-[#eef2e6] dark:bg-[#1c2421]"
        role="img"
        aria-label={`Plan of ${venue.name} and ${places.length} places around it`}
      >
        <circle
          cx={size / 2}
          cy={size / 2}
          r={(800 / reach) * (size / 2)}
          fill="none"
          stroke="#94a3b8"
          strokeDasharray="4 4"
        />
        {places.map((place) => {
          const point = project(place.lat, place.lon);
          return (
            <circle
              key={`${place.category}-${place.name}`}
              cx={point.x}
              cy={point.y}
              r={5}
              fill={COLOURS[place.category]}
              stroke="#fff"
              strokeWidth={1.5}
            >
              <title>{place.name}</title>
            </circle>
          );
        })}
        <polygon points={starPoints(size / 2, size / 2, 11, 5)} fill="#e11d48" stroke="#fff" strokeWidth={1.5}>
          <title>{venue.name}</title>
        </polygon>
        <line x1={12} y1={size - 14} x2={12 + scale} y2={size - 14} stroke="#334155" strokeWidth={2} />
        <text x={12} y={size - 20} fontSize={11} fill="#334155">
          500 m
        </text>
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-3 text-xs text-muted">
        <span className="inline-flex items-center gap-1">
          <span className="inline-block size-2.5 rounded-full bg-[#e11d48]" aria-hidden="true" /> {venue.name}
        </span>
        {categories.map((category) => (
          <span key={category} className="inline-flex items-center gap-1">
            <span
              className="inline-block size-2.5 rounded-full"
              style={{ background: COLOURS[category] }}
              aria-hidden="true"
            />
            {LEGEND[category]}
          </span>
        ))}
        <span>Plan, not to exact scale of streets. {OSM_ATTRIBUTION}</span>
      </figcaption>
    </figure>
  );
}

function starPoints(cx: number, cy: number, outer: number, inner: number): string {
  return Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`;
  }).join(' ');
}

/**
 * The street map (Leaflet, loaded only when the map scrolls into view) over the drawn plan: the
 * plan stays until a first tile has loaded, so offline or with tiles blocked the fan still sees it.
 */
export function GuideMap({ venue, places, tilesUrl }: MapProps) {
  const holder = useRef<HTMLDivElement>(null);
  const [tilesShown, setTilesShown] = useState(false);
  useEffect(() => {
    const element = holder.current;
    if (!element || typeof IntersectionObserver === 'undefined' || !navigator.onLine) return;
    let cancelled = false;
    let remove = () => {};
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      void (async () => {
        const [{ default: L }] = await Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]);
        if (cancelled) return;
        const map = L.map(element, { scrollWheelZoom: false, attributionControl: true }).setView(
          [venue.lat, venue.lon],
          15,
        );
        remove = () => map.remove();
        const layer = L.tileLayer(tilesUrl, { maxZoom: 19, attribution: OSM_ATTRIBUTION });
        layer.once('tileload', () => !cancelled && setTilesShown(true));
        layer.addTo(map);
        for (const place of places) {
          L.circleMarker([place.lat, place.lon], {
            radius: 6,
            color: '#fff',
            weight: 1.5,
            fillColor: COLOURS[place.category],
            fillOpacity: 1,
          })
            .bindTooltip(place.name)
            .addTo(map);
        }
        L.circleMarker([venue.lat, venue.lon], {
          radius: 9,
          color: '#fff',
          weight: 2,
          fillColor: '#e11d48',
          fillOpacity: 1,
        })
          .bindTooltip(venue.name, { permanent: true, direction: 'top' })
          .addTo(map);
      })().catch(() => {
        // No map code or tiles (offline, blocked): the plan stays.
      });
    });
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
      remove();
    };
  }, [venue.lat, venue.lon, venue.name, places, tilesUrl]);
  return (
    <div className="relative">
      <div
        ref={holder}
        data-testid="street-map"
        className={`aspect-square w-full overflow-hidden rounded-card sm:aspect-[16/9] ${tilesShown ? '' : 'pointer-events-none absolute inset-0 opacity-0'}`}
        aria-hidden={!tilesShown}
      />
      {tilesShown ? null : (
        <div className="mx-auto max-w-md" data-testid="map-fallback">
          <StaticPlan venue={venue} places={places} />
        </div>
      )}
    </div>
  );
}
