import '@fontsource-variable/bricolage-grotesque';
import '@fontsource-variable/dm-sans';
import './styles.css';
import type { QueryClient } from '@tanstack/react-query';
import { type ReactElement, StrictMode, startTransition, useEffect } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { prefetchHomeArtists } from '#client/features/artists/api/prefetch-home-artists.ts';
import { replayEarlyTaps } from '#client/lib/early-events.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import { meQueryOptions } from '#client/lib/session/session.ts';
import { AppProvider } from './provider.tsx';
import { createRouter } from './router.tsx';

type AppRouter = ReturnType<typeof createRouter>;

/** Resolves once the first page's lazily loaded code is in (or failed, which the router then shows). */
function whenRouterReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/** Resolves in a new task, so the browser may paint and handle input before the next start-up step. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * How long the first paint may wait for the page's code. It is preloaded beside the entry (see
 * vite.config.ts) and usually in by then, so the shell does not show a 'Loading...' stand-in that
 * the page then pushes down; on a slow link the shell and the spec's 'Loading...' spinner show
 * after this rather than a blank screen.
 */
const FIRST_PAINT_WAIT_MS = 500;

function appElement(queryClient: QueryClient, router: AppRouter): ReactElement {
  return (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  );
}

/** A page the browser draws from scratch: the shell and whatever the route renders. */
function renderPage(container: HTMLElement): void {
  const queryClient = createQueryClient();
  // Ask now, while the page's code still loads, for what its first render shows: who is signed in
  // (the header, the favourite hearts) and, on the home page, the artist list. Otherwise each
  // answer arriving after that render would render the page again.
  void queryClient.prefetchQuery(meQueryOptions);
  prefetchHomeArtists(queryClient, window.location);
  const router = createRouter();
  const render = () => createRoot(container).render(appElement(queryClient, router));
  void Promise.race([
    whenRouterReady(router).then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), FIRST_PAINT_WAIT_MS)),
  ]).then((routerReady) => {
    // With the page's code in, the first render is a transition: it yields to the browser every few
    // milliseconds instead of one long task. Without it, the render must be synchronous: the router
    // provider subscribes to the router when it commits, and a time-sliced render could let the
    // code arrive before that — the page would then wait on 'Loading...' for ever.
    if (routerReady) startTransition(render);
    else flushSync(render);
  });
}

/** Renders nothing; once React has adopted the page (its first commit), presses again what was tapped before. */
const ReplayEarlyTaps = () => {
  useEffect(replayEarlyTaps, []);
  return null;
};

/** The answers a server-rendered page was rendered from (the server's PageQuery). */
interface PageData {
  queryKey: readonly unknown[];
  data: unknown;
}

/**
 * The page's answers, embedded by the server (a JSON data block), go into the cache before
 * hydration: the first render matches the HTML and nothing is fetched again.
 */
function seedPageData(queryClient: QueryClient): readonly PageData[] {
  const block = document.getElementById('page-data');
  if (!block?.textContent) return [];
  const queries = JSON.parse(block.textContent) as PageData[];
  for (const { queryKey, data } of queries) queryClient.setQueryData(queryKey, data);
  return queries;
}

/**
 * The server rendered the page for a visitor. Once the page is adopted and the session check says
 * a fan is signed in, the page's answers are read again for them (a pending artist they added, the
 * guide's distance from their home); their state buttons and Follow fill in from their own queries.
 */
const RefreshForSignedInFan = ({ queryClient, seeded }: { queryClient: QueryClient; seeded: readonly PageData[] }) => {
  useEffect(() => {
    if (seeded.length === 0) return;
    void queryClient.fetchQuery(meQueryOptions).then((user) => {
      if (!user) return;
      for (const { queryKey } of seeded) void queryClient.invalidateQueries({ queryKey, exact: true });
    });
  }, [queryClient, seeded]);
  return null;
};

/**
 * A public page arrives rendered by the server (server-render.tsx, ADR 0043): React adopts it
 * instead of redrawing it (no new DOM, no style and layout of the whole page again on a phone's
 * slow processor). It must first render exactly as the server did: with the page's answers the
 * server embedded, and the session check not answered yet. Each step is a task of its own: the
 * page is on screen already, and evaluating the scripts is a long task on a phone by itself.
 */
async function adoptPrerenderedPage(container: HTMLElement): Promise<void> {
  const queryClient = createQueryClient();
  const seeded = seedPageData(queryClient);
  await nextTask();
  const router = createRouter();
  // The page's code (the route's lazy module) must be in before hydration.
  await whenRouterReady(router);
  await nextTask();
  startTransition(() => {
    const app = (
      <>
        {appElement(queryClient, router)}
        <ReplayEarlyTaps />
        <RefreshForSignedInFan queryClient={queryClient} seeded={seeded} />
      </>
    );
    // Preact adopts the HTML as it is: it corrects differing text, not differing attributes, and
    // says nothing of either. The server renders with Preact for that reason (server-render.tsx).
    hydrateRoot(container, app);
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
if (container.hasAttribute('data-prerendered')) void adoptPrerenderedPage(container);
else renderPage(container);
