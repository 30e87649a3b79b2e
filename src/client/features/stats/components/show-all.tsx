import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '#client/components/ui/button.tsx';

/**
 * "Show all" under a long stats list: the stats answer carries its first rows, this loads the rest
 * (its own request) and says so while it loads or when it failed.
 */
export const ShowAll = ({
  label,
  query,
  onShow,
}: {
  label: string;
  /** The whole list's query, disabled until asked for. */
  query: UseQueryResult<unknown>;
  onShow: () => void;
}) => {
  if (query.isSuccess) return null;
  const loading = query.fetchStatus === 'fetching';
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="outline" size="sm" onClick={onShow} disabled={loading} aria-busy={loading}>
        {loading ? 'Loading…' : label}
      </Button>
      {query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load the whole list: {query.error.message} Try again.
        </p>
      ) : null}
    </div>
  );
};
