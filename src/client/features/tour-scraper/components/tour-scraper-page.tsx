import { Globe, ScanSearch } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { TourDatesForm, TourDatesPage, useTourDatesRequest } from '#client/components/tour-dates-page.tsx';
import { inputClassName } from '#client/components/ui/form-field.tsx';
import { paths } from '#client/lib/paths.ts';
import { useSession } from '#client/lib/session/use-session.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { cn } from '#client/lib/utils.ts';
import { localIsoDate } from '#shared/dates.ts';
import { type PreviewPage, TOUR_SCRAPER_LIMITS, TOUR_SCRAPER_MESSAGES } from '#shared/tour-scraper.ts';
import { postPreview } from '../api/tour-scraper-api.ts';
import { type EditableRow, editableRows, PreviewTable } from './preview-table.tsx';

/** /tour-scraper: paste pages with tour dates, check and correct what was read, import the chosen ones. */
export const TourScraperPage = () => {
  useDocumentTitle(`Tour scraper | ${BRAND}`);
  const { user } = useSession();
  const inputId = useId();
  const [text, setText] = useState('');
  const request = useTourDatesRequest('The pages could not be read. Please try again.');
  const { problem } = request;
  const [pages, setPages] = useState<PreviewPage[] | null>(null);
  const [rows, setRows] = useState<EditableRow[]>([]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const urls = text
      .split(/\s+/)
      .map((url) => url.trim())
      .filter(Boolean);
    if (urls.length === 0) return request.setProblem(TOUR_SCRAPER_MESSAGES.noUrls);
    if (urls.length > TOUR_SCRAPER_LIMITS.urlsMax) return request.setProblem(TOUR_SCRAPER_MESSAGES.tooManyUrls);
    await request.run(async () => {
      const answer = await postPreview(urls, localIsoDate());
      setPages(answer.pages);
      setRows(editableRows(answer.pages));
    });
  }

  return (
    <TourDatesPage
      icon={ScanSearch}
      title="Tour scraper"
      intro={
        <>
          Paste the address of a page with tour dates — an artist’s site, a venue’s calendar, a ticket shop. We read the
          events it publishes, you check them, and the ones you choose{' '}
          {user?.isAdmin ? 'go into the catalog.' : 'go to our editors for review.'} No address? Let the{' '}
          <Link to={paths.tourWeb} className="text-accent underline-offset-4 hover:underline">
            web tour finder
          </Link>{' '}
          look for the artist’s own site.
        </>
      }
    >
      <TourDatesForm
        onSubmit={submit}
        className="max-w-3xl"
        problem={problem}
        problemId={`${inputId}-problem`}
        loading={request.loading}
        icon={Globe}
        label="Read tour dates"
        loadingLabel="Reading the pages…"
        loadingNote="Fetching each page and the calendars it links to. This takes a few seconds per page."
      >
        <label htmlFor={inputId} className="text-sm font-semibold">
          Page addresses{' '}
          <span className="font-normal text-muted">(one per line, up to {TOUR_SCRAPER_LIMITS.urlsMax})</span>
        </label>
        <textarea
          id={inputId}
          name="urls"
          rows={3}
          className={cn(inputClassName, 'min-h-24 py-2 font-mono text-sm')}
          placeholder="https://artist.example/tour"
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inputId}-problem` : undefined}
        />
      </TourDatesForm>
      {pages ? <PageResults pages={pages} /> : null}
      {pages && rows.length > 0 ? (
        <PreviewTable rows={rows} onRowsChange={setRows} isAdmin={user?.isAdmin === true} />
      ) : null}
    </TourDatesPage>
  );
};

/** Each address's outcome: how many events, or the reason in words. */
export const PageResults = ({ pages }: { pages: PreviewPage[] }) => (
  <ul className="flex flex-col gap-2" aria-label="Pages read">
    {pages.map((page) => (
      <li
        key={page.url}
        className={cn(
          'flex flex-col gap-0.5 rounded-card border px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between sm:gap-4',
          page.error ? 'border-rose-400/40 bg-rose-400/5' : 'border-border bg-surface',
        )}
      >
        <span className="truncate font-mono text-xs">{page.url}</span>
        <span className={page.error ? 'text-rose-200' : 'text-muted'}>
          {page.error ??
            `${page.rows.length} event${page.rows.length === 1 ? '' : 's'} found${page.rows.some((row) => row.source === 'text') ? ' in the page text — check them' : ''}`}
        </span>
      </li>
    ))}
  </ul>
);
