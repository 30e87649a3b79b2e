import type { ReactNode } from 'react';

/** A two-column table of counts ("Shows" per year, country or state): the figures behind a chart or map. */
export function FigureTable({
  caption,
  captionClassName,
  className,
  testId,
  label,
  rows,
}: {
  caption: ReactNode;
  captionClassName: string;
  className: string;
  testId: string;
  /** The first column's heading: what each row names. */
  label: string;
  rows: { name: string; count: number }[];
}) {
  return (
    <table className={className} data-testid={testId}>
      <caption className={captionClassName}>{caption}</caption>
      <thead>
        <tr className="text-muted">
          <th scope="col" className="py-1 font-semibold">
            {label}
          </th>
          <th scope="col" className="py-1 text-right font-semibold">
            Shows
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name} className="border-t border-border">
            <th scope="row" className="py-1 font-normal">
              {row.name}
            </th>
            <td className="py-1 text-right tabular-nums">{row.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
