/**
 * The public pages (home, tour, artist, venue, guide) as HTML, rendered by the server at request
 * time from the same routes and components the browser runs (ADR 0043). Bundled by esbuild beside
 * the server (scripts/build-server.mjs: dist/server/render-page.js), which loads it on the first
 * page it renders, so `npm start` stays one process. main.tsx then hydrates the page.
 * Rendered by Preact, as the browser runs the app on it (scripts/react-on-preact.mjs): Preact's
 * hydration adopts the markup it writes itself (its `<!--$s-->` marks around what suspended, its
 * useId values), correcting differing text but not differing attributes, and silently.
 * The page's answers (read by the server through the same services as the API) are in the query
 * cache before the render, so the HTML holds the page's content; the same answers are embedded in
 * the page for the browser's first render. The session check has not answered here: signed-in
 * parts (Follow, hearts, state buttons) render as they do before it answers, and fill in after
 * hydration.
 */
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import { StrictMode } from 'react';
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
  const element = (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        {/* The route data is the lazy routes' code only: the browser's router loads it before hydrating. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>
  );
  // Whole, not streamed: the page is kept per catalog change and sent with an ETag (KeptAnswers).
  // The element is typed by React's JSX types; compat builds Preact's vnodes from it.
  const html = await renderToStringAsync(element as unknown as VNode);
  queryClient.clear();
  return html;
};
