/** A list of shows loading: a heading and three rows the size of ShowRow's, so nothing shifts. */
export const ShowListSkeleton = ({ label, withActions = false }: { label: string; withActions?: boolean }) => (
  <div className="flex flex-col gap-3" role="status" aria-busy="true" aria-label={label}>
    <div className="h-8 w-56 max-w-full animate-pulse rounded-lg bg-surface-raised" />
    {[0, 1, 2].map((row) => (
      <div key={row} className="flex gap-4 rounded-2xl border border-border bg-surface p-4">
        <div className="h-16 w-14 animate-pulse rounded-xl bg-surface-raised" />
        <div className="flex flex-1 flex-col gap-2">
          <div className="h-5 w-2/3 animate-pulse rounded bg-surface-raised" />
          <div className="h-4 w-1/2 animate-pulse rounded bg-surface-raised" />
          {withActions ? <div className="mt-1 h-9 w-48 animate-pulse rounded-full bg-surface-raised" /> : null}
        </div>
      </div>
    ))}
  </div>
);
