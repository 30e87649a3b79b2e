import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAdminArtists } from '#client/components/admin/admin-artists.ts';
import { AdminPageHeader } from '#client/components/admin/admin-page-header.tsx';
import { AuditLogPanel } from '#client/components/admin/audit-log-panel.tsx';
import { ArtistPagination } from '#client/components/artist-pagination.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TextInput } from '#client/components/ui/form-field.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { paths } from '#client/lib/paths.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { type AdminArtistSort, adminArtistSorts } from '#shared/admin-artists.ts';
import type { AdminArtistsPage as ArtistsPage } from '#shared/auth.ts';
import { AddArtistDialog, ManageArtistDialog, RestorePointsPanel } from './artist-curation.tsx';

const SORT_LABELS: Record<AdminArtistSort, string> = {
  name: 'Name A–Z',
  '-name': 'Name Z–A',
  tours: 'Fewest tours',
  '-tours': 'Most tours',
  added: 'Oldest added',
  '-added': 'Newest added',
};

const SEARCH_DELAY_MS = 300;

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * Search text typed now, written to ?q= once typing pauses (so the URL can be shared or reloaded); a
 * ?q= changed from outside (back button, a link) replaces the text.
 */
function useDebouncedQueryParam(params: URLSearchParams, setParams: ReturnType<typeof useSearchParams>[1]) {
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const written = useRef(q);
  useEffect(() => {
    if (q === written.current) return;
    written.current = q;
    setText(q);
  }, [q]);
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === written.current) return;
    const timer = setTimeout(() => {
      written.current = wanted;
      setParams(wanted ? { q: wanted } : {}, { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, setParams]);
  return { q, text, setText };
}

/** /admin/artists: every catalog artist with its tour and stop counts, searchable by name. */
export const AdminArtistsPage = () => {
  useDocumentTitle(`Artists · Admin | ${BRAND}`);
  const [params, setParams] = useSearchParams();
  const { q, text, setText } = useDebouncedQueryParam(params, setParams);
  const page = pageFrom(params);
  const sortParam = params.get('sort') as AdminArtistSort | null;
  const sort: AdminArtistSort = sortParam && adminArtistSorts.includes(sortParam) ? sortParam : 'name';
  const { data, isPending, isError, error, isFetching, refetch } = useAdminArtists({ q, page, sort });
  const [managing, setManaging] = useState<string | null>(null);

  const withParams = (next: Record<string, string>) => {
    const merged: Record<string, string> = { ...(q ? { q } : {}), ...(sort !== 'name' ? { sort } : {}), ...next };
    setParams(Object.fromEntries(Object.entries(merged).filter(([, value]) => value)));
  };
  const goToPage = (next: number) => {
    withParams({ page: String(next) });
    window.scrollTo({ top: 0 });
  };

  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <AdminPageHeader
        title="Artists"
        intro="Every artist in the catalog, with the tours and tour stops stored for them."
      />
      <div className="flex flex-wrap items-center gap-3">
        <AddArtistDialog />
        <label className="flex items-center gap-2 text-sm">
          Sort
          <select
            value={sort}
            onChange={(event) =>
              withParams({ sort: event.target.value === 'name' ? '' : event.target.value, page: '' })
            }
            className="h-9 rounded-lg border border-border-strong bg-background px-2"
          >
            {adminArtistSorts.map((value) => (
              <option key={value} value={value}>
                {SORT_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <search className="relative block max-w-md">
        <label htmlFor="admin-artist-search" className="sr-only">
          Search artists
        </label>
        <Search className="pointer-events-none absolute top-3.5 left-3.5 size-4 text-muted" aria-hidden="true" />
        <TextInput
          id="admin-artist-search"
          type="search"
          placeholder="Search artists by name"
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="pl-10"
        />
      </search>
      {isPending ? (
        <Spinner label="Loading artists..." className="py-16" />
      ) : isError ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-card border border-destructive/60 bg-destructive-surface p-5"
        >
          <p className="font-semibold text-destructive-foreground">Could not load the artists.</p>
          <p className="text-sm text-destructive-foreground/90">{error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : data.total === 0 ? (
        <p className="rounded-card border border-dashed border-border-strong bg-surface px-6 py-12 text-center text-muted">
          {q ? `No artists match “${q}”.` : 'The catalog has no artists yet.'}
        </p>
      ) : (
        <ArtistsTable data={data} busy={isFetching} onPageChange={goToPage} onManage={setManaging} />
      )}
      <ManageArtistDialog slug={managing} onClose={() => setManaging(null)} />
      <RestorePointsPanel />
      <AuditLogPanel targetTypes={['artist']} emptyText="No artist has been edited, merged or deleted yet." />
    </section>
  );
};

const ArtistsTable = ({
  data,
  busy,
  onPageChange,
  onManage,
}: {
  data: ArtistsPage;
  busy: boolean;
  onPageChange: (page: number) => void;
  onManage: (slug: string) => void;
}) => (
  <div className="flex flex-col gap-2">
    <p className="text-sm text-muted" aria-live="polite">
      {data.total === 1 ? '1 artist' : `${data.total} artists`}
    </p>
    <div className="overflow-x-auto rounded-card border border-border bg-surface" aria-busy={busy}>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-border text-xs uppercase tracking-wider text-muted">
          <tr>
            <th scope="col" className="px-3 py-3 font-semibold sm:px-4">
              Artist
            </th>
            <th scope="col" className="px-2 py-3 text-right font-semibold sm:px-4">
              Tours
            </th>
            <th scope="col" className="px-2 py-3 text-right font-semibold sm:px-4">
              Stops
            </th>
            <th scope="col" className="px-2 py-3 text-right font-semibold sm:px-4">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className={busy ? 'opacity-60 transition-opacity' : undefined}>
          {data.artists.map((artist) => (
            <tr key={artist.id} className="border-b border-border/60 last:border-0 hover:bg-white/3">
              <th scope="row" className="px-3 py-3 font-medium break-words sm:px-4">
                <Link to={paths.tour(artist.slug)} className="rounded-sm hover:text-accent hover:underline">
                  {artist.name}
                </Link>
              </th>
              <td className="px-2 py-3 text-right tabular-nums sm:px-4">{artist.tourCount}</td>
              <td className="px-2 py-3 text-right tabular-nums sm:px-4">{artist.stopCount}</td>
              <td className="py-2 pr-2 pl-1 text-right sm:px-4">
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => onManage(artist.slug)}
                  aria-label={`Manage ${artist.name}`}
                >
                  Manage
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
    {data.totalPages > 1 ? (
      <ArtistPagination page={data.page} totalPages={data.totalPages} onPageChange={onPageChange} />
    ) : null}
  </div>
);
