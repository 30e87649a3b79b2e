import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from '#client/components/load-error.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { isNotFound } from '#client/lib/api-client.ts';
import { paths } from '#client/lib/paths.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';

interface NotFoundStateProps {
  icon: LucideIcon;
  /** What was not found, for the page title: 'Artist' → 'Artist not found | TourGuides'. */
  thing: string;
  heading: string;
  hint?: string;
  link?: { to: string; label: string };
}

/** A page for a slug that names nothing: a friendly heading and a way back. */
export const NotFoundState = ({
  icon: Icon,
  thing,
  heading,
  hint,
  link = { to: paths.home, label: 'Return to Home' },
}: NotFoundStateProps) => {
  useDocumentTitle(`${thing} not found | ${BRAND}`);
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-5 px-4 py-20 text-center">
      <Icon className="size-12 text-accent" aria-hidden="true" />
      <h1 className="font-display text-3xl font-bold">{heading}</h1>
      {hint ? <p className="text-muted">{hint}</p> : null}
      <Button asChild size="lg">
        <Link to={link.to}>{link.label}</Link>
      </Button>
    </div>
  );
};

interface QueryPageStateProps {
  query: UseQueryResult;
  /** e.g. 'Loading venue...' */
  loadingLabel: string;
  /** For the error line: 'The venue' could not be loaded. */
  what: string;
  notFound: ReactNode;
}

/**
 * What a page that shows one fetched record renders before it has the record: a spinner, its
 * not-found state for a 404, or the error with a retry for anything else.
 */
export const QueryPageState = ({ query, loadingLabel, what, notFound }: QueryPageStateProps) => {
  if (query.isPending) return <Spinner label={loadingLabel} className="min-h-[50vh] py-24" />;
  if (isNotFound(query.error)) return notFound;
  return <LoadError what={what} message={query.error?.message ?? ''} onRetry={() => query.refetch()} />;
};
