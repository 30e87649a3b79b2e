import { useId } from 'react';
import { FigureTable } from './figure-table.tsx';

export interface Bar {
  label: string;
  /** Shorter label under the bar when space is tight ('J' for January). */
  short?: string;
  value: number;
}

/**
 * A bar chart drawn as plain SVG (no chart library: the stats route stays small), with the same
 * figures in a table right under it for screen readers and for anyone who prefers numbers.
 */
export const BarChart = ({
  title,
  bars,
  period,
  highlight,
  onSelect,
}: {
  title: string;
  bars: Bar[];
  /** The table's first column: 'Year' or 'Month'. */
  period: string;
  highlight?: string;
  onSelect?: (label: string) => void;
}) => {
  const id = useId();
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const width = 100 / Math.max(bars.length, 1);
  const words = (n: number) => `${n} ${n === 1 ? 'show' : 'shows'}`;
  return (
    <figure className="flex flex-col gap-3" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="font-display text-xl font-bold">
        {title}
      </figcaption>
      <div className="flex h-44 items-end gap-1 sm:gap-2" aria-hidden="true" data-testid="bar-chart">
        {bars.map((bar) => (
          <div
            key={bar.label}
            className="flex h-full min-w-0 flex-1 flex-col items-center gap-1"
            style={{ maxWidth: `${width}%` }}
          >
            {/* The bar area alone is the 100 %: labels above and below take their own room. */}
            <div className="flex w-full flex-1 flex-col items-center justify-end gap-1">
              <span className="text-xs font-semibold text-muted tabular-nums">{bar.value || ''}</span>
              <button
                type="button"
                tabIndex={-1}
                title={`${bar.label}: ${words(bar.value)}`}
                onClick={onSelect ? () => onSelect(bar.label) : undefined}
                disabled={!onSelect}
                className={`w-full max-w-24 rounded-t-md transition-colors disabled:cursor-default ${
                  bar.label === highlight ? 'bg-accent-strong' : bar.value ? 'bg-accent' : 'bg-border'
                } ${onSelect ? 'hover:bg-accent-strong' : ''}`}
                style={{ height: `${Math.max((bar.value / max) * 80, bar.value ? 3 : 1)}%` }}
              />
            </div>
            <span className="w-full truncate text-center text-[0.7rem] text-muted">{bar.short ?? bar.label}</span>
          </div>
        ))}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer font-semibold text-accent">Show the figures as a table</summary>
        <FigureTable
          className="mt-2 w-full max-w-sm text-left"
          testId="chart-table"
          caption={title}
          captionClassName="sr-only"
          label={period}
          rows={bars.map((bar) => ({ name: bar.label, count: bar.value }))}
        />
      </details>
    </figure>
  );
};
