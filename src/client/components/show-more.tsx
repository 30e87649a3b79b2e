import { Button } from '#client/components/ui/button.tsx';

export interface MoreShows {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  loadMore: () => void;
}

/** The next page of shows, on request; says when a page could not load. */
export const ShowMore = ({ hasMore, loading, failed, loadMore }: MoreShows) => {
  if (!hasMore) return null;
  return (
    <div className="flex flex-col items-center gap-2">
      {failed ? (
        <p role="alert" className="text-sm text-muted">
          More shows could not be loaded. Please try again.
        </p>
      ) : null}
      <Button variant="outline" onClick={loadMore} disabled={loading} aria-busy={loading}>
        {loading ? 'Loading more shows…' : 'Show more'}
      </Button>
    </div>
  );
};
