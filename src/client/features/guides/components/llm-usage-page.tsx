import { useQuery } from '@tanstack/react-query';
import { AdminPageHeader } from '#client/components/admin/admin-page-header.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { apiGet } from '#client/lib/api-client.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import type { LlmUsage, LlmUsageRow } from '#shared/guides.ts';

const usd = (value: number) => `$${value.toFixed(value < 1 ? 4 : 2)}`;
const tokens = (value: number) => value.toLocaleString('en-US');

/** Cost per day as bars (the table below has every figure, for screen readers too). */
function CostChart({ rows }: { rows: LlmUsageRow[] }) {
  const byDay = new Map<string, number>();
  for (const row of rows) byDay.set(row.day, (byDay.get(row.day) ?? 0) + row.costUsd);
  const days = [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b));
  if (days.length === 0) return null;
  const max = Math.max(...days.map(([, cost]) => cost), 0.0001);
  const width = 600;
  const height = 160;
  const bar = width / days.length;
  return (
    <figure className="rounded-card border border-border bg-surface p-4">
      <svg
        viewBox={`0 0 ${width} ${height + 20}`}
        className="h-44 w-full"
        role="img"
        aria-label={`Cost per day over ${days.length} days`}
      >
        {days.map(([day, cost], i) => {
          const h = (cost / max) * height;
          return (
            <g key={day}>
              <rect x={i * bar + 2} y={height - h} width={Math.max(2, bar - 4)} height={h} className="fill-accent">
                <title>{`${day}: ${usd(cost)}`}</title>
              </rect>
              {days.length <= 14 || i % Math.ceil(days.length / 10) === 0 ? (
                <text x={i * bar + bar / 2} y={height + 14} fontSize={10} textAnchor="middle" className="fill-muted">
                  {day.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="text-xs text-muted">Cost per day (UTC), highest {usd(max)}</figcaption>
    </figure>
  );
}

/** /openai-usage: tokens and cost per day, model and feature, and this month against the budget. Admins only. */
export const LlmUsagePage = () => {
  useDocumentTitle(`AI usage · Admin | ${BRAND}`);
  const query = useQuery({
    queryKey: ['admin', 'llm-usage'],
    queryFn: ({ signal }) => apiGet<LlmUsage>('/api/admin/llm-usage', { query: { days: 30 }, signal }),
  });
  const data = query.data;
  const budget = data?.monthlyBudgetUsd ?? null;
  const share = data && budget ? Math.min(100, (data.monthSpentUsd / budget) * 100) : null;
  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <AdminPageHeader
        title="AI usage"
        intro="Language-model calls over the last 30 days: tokens and cost per day, model and feature."
      />
      {query.isPending ? <Spinner label="Loading usage..." /> : null}
      {query.isError ? <p className="text-muted">The usage could not be loaded.</p> : null}
      {data ? (
        <>
          <div className="rounded-card border border-border bg-surface p-4" data-testid="llm-month">
            <p>
              This month: <strong>{usd(data.monthSpentUsd)}</strong>
              {budget !== null ? ` of ${usd(budget)} budget` : ' (no monthly budget set)'}
              {data.configured ? ` · model ${data.model}` : ' · no model configured: templates write the guides'}
            </p>
            {share !== null ? (
              <div
                className="mt-2 h-2 w-full overflow-hidden rounded-full bg-border"
                role="progressbar"
                aria-label="Budget used"
                aria-valuenow={Math.round(share)}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <div
                  className={`h-full ${share >= 100 ? 'bg-destructive' : 'bg-accent'}`}
                  style={{ width: `${share}%` }}
                />
              </div>
            ) : null}
            {share !== null && share >= 100 ? (
              <p className="mt-2 text-sm text-destructive">Budget spent: calls are stopped and templates are used.</p>
            ) : null}
          </div>
          <CostChart rows={data.rows} />
          {data.rows.length === 0 ? (
            <p className="rounded-card border border-dashed border-border-strong p-6 text-center text-muted">
              No model calls in the last 30 days.
            </p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Calls per day, model and feature</caption>
                <thead className="text-muted">
                  <tr>
                    <th className="py-2 pr-3">Day</th>
                    <th className="py-2 pr-3">Model</th>
                    <th className="py-2 pr-3">Feature</th>
                    <th className="py-2 pr-3 text-right">Calls</th>
                    <th className="py-2 pr-3 text-right">Prompt tokens</th>
                    <th className="py-2 pr-3 text-right">Completion tokens</th>
                    <th className="py-2 pr-3 text-right">Cost</th>
                    <th className="py-2 text-right">Not used</th>
                  </tr>
                </thead>
                <tbody>
                  {data.rows.map((row) => (
                    <tr key={`${row.day}-${row.model}-${row.feature}`} className="border-t border-border/60">
                      <td className="py-2 pr-3">{row.day}</td>
                      <td className="py-2 pr-3">{row.model}</td>
                      <td className="py-2 pr-3">{row.feature}</td>
                      <td className="py-2 pr-3 text-right">{row.calls}</td>
                      <td className="py-2 pr-3 text-right">{tokens(row.promptTokens)}</td>
                      <td className="py-2 pr-3 text-right">{tokens(row.completionTokens)}</td>
                      <td className="py-2 pr-3 text-right">{usd(row.costUsd)}</td>
                      <td className="py-2 text-right">{row.failed}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
    </section>
  );
};
