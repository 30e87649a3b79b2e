import { type KeyboardEvent, type MouseEvent, useId } from 'react';
import { cn } from '#client/lib/utils.ts';
import type { TripDay, TripShowRank } from '#shared/trips.ts';

/**
 * The trip as a plot: the destination, its radius and every show on it, drawn as SVG around the
 * destination (a local flat projection, fine at 300 km). No map tiles: the app works offline and
 * without a tile server, so the map never fails to load; the day list beside it names every show.
 * With `onPick`, a click (or Enter on the focused map's centre) picks a new destination point.
 */

const KM_PER_DEGREE = (Math.PI * 6371.0088) / 180;
const SIZE = 320;
const PAD = 18;

const RANK_COLOURS: Record<TripShowRank, string> = {
  followed: 'var(--color-accent)',
  similar: 'var(--color-cyan)',
  other: 'var(--color-muted)',
};

export interface TripMapProps {
  lat: number;
  lon: number;
  radiusKm: number;
  placeLabel: string;
  days: TripDay[];
  onPick?: (point: { lat: number; lon: number }) => void;
  className?: string;
}

/** Degrees of longitude apart, the short way round (across the date line too). */
function lonDelta(from: number, to: number): number {
  return ((((to - from) % 360) + 540) % 360) - 180;
}

export const TripMap = ({ lat, lon, radiusKm, placeLabel, days, onPick, className }: TripMapProps) => {
  const titleId = useId();
  const cosLat = Math.max(0.05, Math.cos((lat * Math.PI) / 180));
  // The circle fills the square with a little room: km → SVG units.
  const scale = (SIZE / 2 - PAD) / (radiusKm * 1.08);
  const centre = SIZE / 2;
  const project = (pointLat: number, pointLon: number) => ({
    x: centre + lonDelta(lon, pointLon) * cosLat * KM_PER_DEGREE * scale,
    y: centre - (pointLat - lat) * KM_PER_DEGREE * scale,
  });
  const unproject = (x: number, y: number) => {
    const pointLat = lat - (y - centre) / scale / KM_PER_DEGREE;
    const pointLon = lon + (x - centre) / scale / KM_PER_DEGREE / cosLat;
    return {
      lat: Math.max(-90, Math.min(90, Math.round(pointLat * 10_000) / 10_000)),
      lon: Math.round(((((pointLon + 180) % 360) + 360) % 360) * 10_000 - 180 * 10_000) / 10_000,
    };
  };
  const shows = days.flatMap((day, dayIndex) => day.shows.map((show) => ({ show, dayIndex })));
  const scaleKm = niceScale(radiusKm);

  const pick = (event: MouseEvent<SVGSVGElement>) => {
    if (!onPick) return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * SIZE;
    const y = ((event.clientY - box.top) / box.height) * SIZE;
    onPick(unproject(x, y));
  };
  const keyPick = (event: KeyboardEvent<SVGSVGElement>) => {
    if (onPick && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      onPick(unproject(centre, centre));
    }
  };
  const label = `Map of ${placeLabel}: ${shows.length} show${shows.length === 1 ? '' : 's'} within ${radiusKm} km`;

  return (
    <figure className={cn('m-0 flex flex-col gap-2', className)}>
      <svg
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        role={onPick ? 'button' : 'img'}
        aria-labelledby={titleId}
        tabIndex={onPick ? 0 : undefined}
        onClick={pick}
        onKeyDown={keyPick}
        className={cn(
          'aspect-square w-full rounded-2xl border border-border bg-[radial-gradient(circle_at_center,rgb(255_255_255/0.04),transparent_70%)]',
          onPick && 'cursor-crosshair focus-visible:outline-2',
        )}
        data-testid="trip-map"
      >
        <title id={titleId}>{onPick ? `${label}. Click to move the destination here.` : label}</title>
        {[0.25, 0.5, 0.75].map((fraction) => (
          <circle
            key={fraction}
            cx={centre}
            cy={centre}
            r={radiusKm * scale * fraction}
            fill="none"
            stroke="currentColor"
            className="text-border"
            strokeDasharray="2 4"
          />
        ))}
        <circle
          cx={centre}
          cy={centre}
          r={radiusKm * scale}
          fill="rgb(255 194 71 / 0.05)"
          stroke="var(--color-accent)"
          strokeOpacity={0.6}
        />
        <line x1={centre - 7} y1={centre} x2={centre + 7} y2={centre} stroke="currentColor" strokeWidth={2} />
        <line x1={centre} y1={centre - 7} x2={centre} y2={centre + 7} stroke="currentColor" strokeWidth={2} />
        {shows.map(({ show, dayIndex }) => {
          const point = project(show.lat, show.lon);
          return (
            <g key={show.stopId} data-rank={show.rank}>
              <circle
                cx={point.x}
                cy={point.y}
                r={6}
                fill={RANK_COLOURS[show.rank]}
                stroke="var(--color-background)"
                strokeWidth={1.5}
              >
                <title>{`${show.artistName} — ${show.venueName}, ${show.city} (day ${dayIndex + 1})`}</title>
              </circle>
            </g>
          );
        })}
        <g transform={`translate(${PAD}, ${SIZE - PAD})`} className="text-muted" fill="currentColor">
          <line x1={0} y1={0} x2={scaleKm * scale} y2={0} stroke="currentColor" strokeWidth={2} />
          <text x={0} y={-6} fontSize={11}>
            {scaleKm} km
          </text>
        </g>
        <text x={SIZE - PAD} y={PAD + 4} fontSize={11} textAnchor="end" fill="currentColor" className="text-muted">
          N ↑
        </text>
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
        <Legend colour={RANK_COLOURS.followed} label="Artists you follow" />
        <Legend colour={RANK_COLOURS.similar} label="Like your artists" />
        <Legend colour={RANK_COLOURS.other} label="Other shows" />
      </figcaption>
    </figure>
  );
};

const Legend = ({ colour, label }: { colour: string; label: string }) => (
  <span className="inline-flex items-center gap-1.5">
    <span className="inline-block size-2.5 rounded-full" style={{ background: colour }} aria-hidden="true" />
    {label}
  </span>
);

/** A round scale-bar length about a third of the radius. */
function niceScale(radiusKm: number): number {
  const target = radiusKm / 3;
  const steps = [1, 2, 5, 10, 20, 25, 50, 100];
  return steps.reduce((best, step) => (Math.abs(step - target) < Math.abs(best - target) ? step : best), 1);
}
