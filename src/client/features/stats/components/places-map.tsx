import { Globe2 } from 'lucide-react';
import type { StatsResponse } from '#shared/stats.ts';
import { statsMapUrl } from '../api/stats-api.ts';
import { FigureTable } from './figure-table.tsx';

/**
 * Countries and US states visited: maps drawn by the server (world-atlas / us-atlas with d3-geo,
 * no map code here) and the same places, with their show counts, in tables.
 */
export const PlacesMap = ({ stats }: { stats: StatsResponse }) => {
  const year = stats.year;
  const countries = stats.countries;
  const states = stats.usStates;
  return (
    <section
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 sm:p-5"
      aria-labelledby="places-title"
    >
      <h2 id="places-title" className="flex items-center gap-2 font-display text-xl font-bold">
        <Globe2 className="size-5 text-accent" aria-hidden="true" />
        Where you have seen shows
      </h2>
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <img
          src={statsMapUrl('world', year)}
          alt={`World map: ${countries.length} ${countries.length === 1 ? 'country' : 'countries'} visited — ${countries.map((c) => c.name).join(', ') || 'none'}`}
          width={960}
          height={500}
          loading="lazy"
          className="h-auto w-full rounded-xl border border-border"
          data-testid="world-map"
        />
        <PlaceTable title="Countries" rows={countries.map((c) => ({ name: c.name, count: c.count }))} />
      </div>
      {states.length > 0 ? (
        <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
          <img
            src={statsMapUrl('us', year)}
            alt={`Map of the United States: ${states.length} ${states.length === 1 ? 'state' : 'states'} visited — ${states.map((s) => s.name).join(', ')}`}
            width={960}
            height={600}
            loading="lazy"
            className="h-auto w-full rounded-xl border border-border"
            data-testid="us-map"
          />
          <PlaceTable title="US states" rows={states} />
        </div>
      ) : null}
    </section>
  );
};

const PlaceTable = ({ title, rows }: { title: string; rows: { name: string; count: number }[] }) => (
  <FigureTable
    className="h-fit w-full text-left text-sm"
    testId={`places-${title.toLowerCase().replace(/\s/g, '-')}`}
    caption={title}
    captionClassName="pb-1 text-left font-semibold"
    label={title === 'Countries' ? 'Country' : 'State'}
    rows={rows}
  />
);
