import type { ReactNode } from 'react';

export interface RankRow {
  key: string;
  label: ReactNode;
  count: number;
  /** Under the label: 'Boston, US'. */
  detail?: ReactNode;
}

/**
 * A ranked list as a real table (rank, name, count) whose bar is drawn inside the count cell:
 * the chart and its accessible table are one element.
 */
export const RankTable = ({
  title,
  rows,
  countLabel = 'Shows',
  empty = 'Nothing yet.',
  testId,
}: {
  title: string;
  rows: RankRow[];
  countLabel?: string;
  empty?: string;
  testId?: string;
}) => {
  const max = Math.max(1, ...rows.map((row) => row.count));
  return (
    <section
      className="flex min-w-0 flex-col gap-2 rounded-card border border-border bg-surface p-4"
      data-testid={testId}
    >
      <h3 className="font-display text-lg font-bold">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">Name</th>
              <th scope="col">{countLabel}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.key} className="align-top">
                <td className="w-6 py-1.5 pr-2 text-muted tabular-nums">{index + 1}</td>
                <th scope="row" className="py-1.5 pr-2 font-semibold break-words">
                  {row.label}
                  {row.detail ? <span className="block text-xs font-normal text-muted">{row.detail}</span> : null}
                </th>
                <td className="py-1.5 whitespace-nowrap">
                  <span className="flex items-center gap-2">
                    <span
                      className="h-2 shrink-0 rounded-full bg-accent"
                      style={{ width: `${Math.max((row.count / max) * 4, 0.25)}rem` }}
                      aria-hidden="true"
                    />
                    <span className="tabular-nums">{row.count}</span>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
};
