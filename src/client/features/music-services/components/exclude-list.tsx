import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { InlineLoadError } from '#client/components/load-error.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { paths } from '#client/lib/paths.ts';
import { MUSIC_SOURCE_LABELS, type MusicExclude, type MusicSource } from '#shared/music-services.ts';
import { deleteExclude, excludesQueryOptions, musicServicesKeys } from '../api/music-services-api.ts';

const sourceLabel = (source: string) => MUSIC_SOURCE_LABELS[source as MusicSource] ?? source;

/** Imported artists the fan unfollowed by hand: imports leave them alone until taken off this list. */
export const ExcludeList = () => {
  const queryClient = useQueryClient();
  const list = useQuery(excludesQueryOptions());
  const remove = useMutation({
    mutationFn: (exclude: MusicExclude) => deleteExclude(exclude.artistId),
    onSuccess: (answer, exclude) => {
      queryClient.setQueryData(musicServicesKeys.excludes(), answer);
      showToast({
        title: 'Removed from the exclude list',
        description: `${exclude.artistName} can be imported again.`,
      });
    },
    onError: () =>
      showToast({ title: 'Error', description: 'The exclude list could not be changed. Please try again.' }),
  });

  return (
    <section aria-labelledby="excludes-heading" className="rounded-card border border-border bg-surface p-5 sm:p-6">
      <h2 id="excludes-heading" className="font-display text-xl font-bold">
        Exclude list
      </h2>
      <p className="mt-1 text-sm text-muted">
        Imported artists you unfollowed by hand. Imports never follow them again until you remove them here.
      </p>
      <div className="mt-4">
        {list.isPending ? <Spinner label="Loading your exclude list..." className="py-4" /> : null}
        {list.isError ? <InlineLoadError what="The exclude list" onRetry={() => list.refetch()} /> : null}
        {list.data && list.data.excludes.length === 0 ? (
          <p className="text-sm text-muted">Nobody is excluded.</p>
        ) : null}
        {list.data && list.data.excludes.length > 0 ? (
          <ul aria-label="Excluded artists" className="flex flex-col divide-y divide-border">
            {list.data.excludes.map((exclude) => (
              <li key={exclude.artistId} className="flex items-center gap-3 py-2.5">
                <div className="flex min-w-0 flex-1 flex-col">
                  <Link
                    to={paths.artist(exclude.artistSlug)}
                    className="truncate font-semibold underline-offset-4 hover:underline"
                  >
                    {exclude.artistName}
                  </Link>
                  <span className="text-xs text-muted">Imported from {sourceLabel(exclude.source)}</span>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={remove.isPending && remove.variables?.artistId === exclude.artistId}
                  onClick={() => remove.mutate(exclude)}
                  aria-label={`Remove ${exclude.artistName} from the exclude list`}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
};
