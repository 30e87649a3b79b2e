/**
 * The public pages (home, tour, artist, venue, guide) as HTML, rendered by the server at request
 * time from the same routes and components the browser runs (ADR 0043). Bundled by esbuild beside
 * the server (scripts/build-server.mjs: dist/server/render-page.js), which loads it on the first
 * page it renders, so `npm start` stays one process. main.tsx then hydrates the page.
 * The page's answers (read by the server through the same services as the API) are in the query
 * cache before the render, so the HTML holds the page's content; the same answers are embedded in
 * the page for the browser's first render. The session check has not answered here: signed-in
 * parts (Follow, hearts, state buttons) render as they do before it answers, and fill in after
 * hydration.
 */
import { StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createQueryClient } from '#client/lib/query-client.ts';
import { AppProvider } from './provider.tsx';
import { appRoutes } from './router.tsx';

/** An answer the page reads, under the client's query key (its `queryOptions`). */
export interface RenderedQuery {
  queryKey: readonly unknown[];
  data: unknown;
}

/** Renders `url`'s page into the HTML of `#root`; null when the route is not a page (a redirect). */
export type PageRenderer = (url: string, queries: readonly RenderedQuery[]) => Promise<string | null>;

const handler = createStaticHandler(appRoutes);

export const renderPublicPage: PageRenderer = async (url, queries) => {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const queryClient = createQueryClient();
  for (const { queryKey, data } of queries) queryClient.setQueryData(queryKey, data);
  const router = createStaticRouter(handler.dataRoutes, context);
  const stream = await renderToReadableStream(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        {/* The route data is the lazy routes' code only: the browser's router loads it before hydrating. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  // Whole, not streamed: the page is kept per catalog change and sent with an ETag (KeptAnswers).
  await stream.allReady;
  queryClient.clear();
  return new Response(stream).text();
};
