/**
 * The home page as HTML, rendered at build time (scripts/build-client.mjs) into dist/client/home.html,
 * which the server sends for `/`. The hero and the artist skeletons then show as soon as the HTML
 * and CSS arrive instead of after the scripts have run; main.tsx then hydrates them (ADR 0011).
 * Rendered as a visitor whose session check has not answered yet, with no artist data: the first
 * frame the app renders there too, so hydration finds what it expects.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createQueryClient } from '#client/lib/query-client.ts';
import { AppProvider } from './provider.tsx';
import { appRoutes } from './router.tsx';

export async function renderHomePage(): Promise<string> {
  const { query, dataRoutes } = createStaticHandler(appRoutes);
  const context = await query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`The home route answered ${context.status} instead of a page`);
  const router = createStaticRouter(dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProvider queryClient={createQueryClient()}>
        {/* No hydration data: the page is rendered afresh in the browser (and CSP forbids inline scripts). */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
}
