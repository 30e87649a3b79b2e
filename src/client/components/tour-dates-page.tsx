import type { LucideIcon } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/utils.ts';

/** The frame /tour-scraper and /tour-web share: the "Tour dates from the web" header, then the page. */
export const TourDatesPage = ({
  icon: Icon,
  title,
  intro,
  children,
}: {
  icon: LucideIcon;
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) => (
  <section className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 sm:py-14">
    <header className="flex max-w-3xl flex-col gap-2">
      <p className="flex items-center gap-2 text-xs font-semibold tracking-[0.18em] text-accent uppercase">
        <Icon className="size-4" aria-hidden="true" />
        Tour dates from the web
      </p>
      <h1 className="font-display text-4xl font-bold">{title}</h1>
      <p className="text-muted">{intro}</p>
    </header>
    {children}
  </section>
);

/** A request to read tour dates: loading while it runs, and the server's message (or `fallback`) when it fails. */
export function useTourDatesRequest(fallback: string) {
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function run(work: () => Promise<void>): Promise<void> {
    setProblem(null);
    setLoading(true);
    try {
      await work();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : fallback);
    } finally {
      setLoading(false);
    }
  }
  return { loading, problem, setProblem, run };
}

/** The pages' form: its fields, the problem (announced), the submit button, and what happens while it runs. */
export const TourDatesForm = ({
  onSubmit,
  className,
  problem,
  problemId,
  loading,
  icon: Icon,
  label,
  loadingLabel,
  loadingNote,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  className: string;
  problem: string | null;
  /** The problem's id, for a field that names it in aria-describedby. */
  problemId?: string;
  loading: boolean;
  icon: LucideIcon;
  label: string;
  loadingLabel: string;
  loadingNote: string;
  children: ReactNode;
}) => (
  <>
    <form onSubmit={onSubmit} className={cn('flex flex-col gap-3', className)} noValidate>
      {children}
      {problem ? (
        <p id={problemId} role="alert" className="text-sm text-rose-200">
          {problem}
        </p>
      ) : null}
      <Button type="submit" className="self-start" disabled={loading}>
        {loading ? <Spinner label="" className="size-4" /> : <Icon aria-hidden="true" />}
        {loading ? loadingLabel : label}
      </Button>
    </form>
    {loading ? (
      <p role="status" className="text-sm text-muted">
        {loadingNote}
      </p>
    ) : null}
  </>
);
