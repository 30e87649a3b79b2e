import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { paths } from '#client/lib/paths.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';

function errorSummary(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return 'Something went wrong while showing this page.';
}

/**
 * The router's fallback screen. Loaded with the entry (never lazily) so it still shows when a
 * page's code fails to load.
 */
export const RouteErrorScreen = () => {
  const error = useRouteError();
  useDocumentTitle(`Error | ${BRAND}`);
  return (
    <main className="stage-lights flex min-h-dvh flex-col items-center justify-center gap-5 px-6 text-center">
      <h1 className="font-display text-3xl font-bold sm:text-4xl">Unexpected Application Error!</h1>
      <p className="max-w-md text-muted">{errorSummary(error)}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonVariants()} onClick={() => window.location.reload()}>
          Reload page
        </button>
        <Link to={paths.home} reloadDocument className={buttonVariants({ variant: 'outline' })}>
          Return to Home
        </Link>
      </div>
    </main>
  );
};
