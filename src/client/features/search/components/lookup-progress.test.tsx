import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ArtistLookupView, LookupSourceView } from '#shared/search-api.ts';
import { expectToast, type FetchStub, renderPage } from '#tests/component/render-page.tsx';
import { BandSearchForm } from './band-search-form.tsx';

const MBID = '0e4d0c8a-1111-4222-8333-444455556666';
const suggestion = {
  name: 'Copper Wrens',
  slug: 'copper-wrens',
  mbid: MBID,
  disambiguation: 'Welsh folk duo',
  type: 'Group',
};

const view = (
  status: ArtistLookupView['status'],
  sources: LookupSourceView[],
  result: ArtistLookupView['result'] = null,
): ArtistLookupView => ({
  id: '7d1c2b3a-0000-4000-8000-000000000001',
  status,
  artistName: 'Copper Wrens',
  mbid: MBID,
  sources,
  result,
});

const searching = (provider: string): LookupSourceView => ({ provider, state: 'searching', dates: 0 });

/**
 * The server of one search: the catalog knows nothing, MusicBrainz suggests one artist, and the
 * look-up answers `polls` in turn (the last one for ever after).
 */
function lookupServer(polls: ArtistLookupView[], suggestions = [suggestion]) {
  const calls: string[] = [];
  let poll = 0;
  const answer: FetchStub = ({ method, path }) => {
    calls.push(`${method} ${path}`);
    if (path === '/api/me') return { status: 401, json: { error: { code: 'UNAUTHORIZED', message: 'Sign in' } } };
    if (path === '/api/search/artists') return { status: 200, json: { matches: [] } };
    if (path === '/api/search/suggestions') return { status: 200, json: { suggestions } };
    if (method === 'POST' && path === '/api/search/lookups') return { status: 202, json: polls[0] };
    if (path.startsWith('/api/search/lookups/'))
      return { status: 200, json: polls[Math.min(++poll, polls.length - 1)] };
    throw new Error(`No stubbed answer for ${method} ${path}`);
  };
  return { answer, calls };
}

async function chooseSuggestion(text = 'copper wrens') {
  const user = userEvent.setup();
  await user.type(screen.getByRole('combobox', { name: 'Band name' }), text);
  await user.click(screen.getByRole('button', { name: 'Search' }));
  const option = await screen.findByRole('option', { name: /Copper Wrens/ });
  expect(option.textContent).toContain('Group · Welsh folk duo');
  await user.click(option);
  return user;
}

describe('the unknown band: a look-up source by source', () => {
  it("shows each source's progress live, then opens the tour page with the dates", async () => {
    const server = lookupServer([
      view('running', [searching('ticketmaster'), searching('bandsintown')]),
      view('running', [{ provider: 'ticketmaster', state: 'found', dates: 12 }, searching('bandsintown')]),
      view('running', [{ provider: 'ticketmaster', state: 'found', dates: 12 }, searching('bandsintown')]),
      view(
        'done',
        [
          { provider: 'ticketmaster', state: 'found', dates: 12 },
          { provider: 'bandsintown', state: 'found', dates: 1 },
        ],
        { artistName: 'Copper Wrens', artistSlug: 'copper-wrens', stopsFound: 12, stopsAdded: 12 },
      ),
    ]);
    const page = renderPage(<BandSearchForm />, { answer: server.answer });
    await chooseSuggestion();

    const progress = await screen.findByText('Looking for tour dates for Copper Wrens');
    const panel = progress.closest<HTMLElement>('[role="status"]')!;
    await within(panel).findByText('Ticketmaster — 12 dates', {}, { timeout: 3000 });
    within(panel).getByText('Bandsintown — searching…');
    expect(screen.getByRole('button', { name: 'Searching...' })).toBeDefined();

    await expectToast('Found tour dates!', 'Successfully synced 12 tour stops for Copper Wrens');
    await waitFor(() => expect(page.location()).toBe('/tour/copper-wrens'));
    expect(server.calls).toContain('POST /api/search/lookups');
    expect(server.calls).not.toContain('POST /api/search/sync');
  });

  it('no source has dates: the tour page opens (it offers Follow anyway), with the No tours found toast', async () => {
    const server = lookupServer([
      view('running', [searching('ticketmaster')]),
      view('done', [{ provider: 'ticketmaster', state: 'none', dates: 0 }], {
        artistName: 'Copper Wrens',
        artistSlug: 'copper-wrens',
        stopsFound: 0,
        stopsAdded: 0,
      }),
    ]);
    const page = renderPage(<BandSearchForm />, { answer: server.answer });
    await chooseSuggestion();
    await expectToast('No tours found', 'No upcoming tour dates found for Copper Wrens');
    await waitFor(() => expect(page.location()).toBe('/tour/copper-wrens'));
  });

  it('every source failed: what happened and Try again, never a bare "Search failed"', async () => {
    const failed = view('failed', [
      { provider: 'ticketmaster', state: 'failed', dates: 0 },
      { provider: 'bandsintown', state: 'failed', dates: 0 },
    ]);
    const server = lookupServer([view('running', [searching('ticketmaster'), searching('bandsintown')]), failed]);
    renderPage(<BandSearchForm />, { answer: server.answer });
    const user = await chooseSuggestion();

    const title = await screen.findByText("We couldn't reach the tour-date sources", {}, { timeout: 3000 });
    const alert = title.closest<HTMLElement>('[role="alert"]')!;
    within(alert).getByText("We couldn't look up tour dates for Copper Wrens just now. Please try again in a moment.");
    within(alert).getByText("Ticketmaster — couldn't be reached");
    expect(screen.queryByText('Search failed')).toBeNull();

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(server.calls.filter((call) => call === 'POST /api/search/lookups')).toHaveLength(2));
  });

  it('typed text nobody performs under: no dates, with Add a show and Find their tour page; no setup words', async () => {
    // No source is set up on this server: nothing is listed about sources at all.
    const server = lookupServer([view('running', []), view('done', [], null)], []);
    const page = renderPage(<BandSearchForm />, { answer: server.answer });
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Band name' }), 'copper wrens');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await screen.findByText('Nobody lists tour dates for Copper Wrens yet.', {}, { timeout: 3000 });
    await expectToast('No tours found', 'No upcoming tour dates found for Copper Wrens');
    expect(screen.getByRole('link', { name: 'Add a show' }).getAttribute('href')).toBe('/add-show');
    expect(screen.getByRole('link', { name: 'Find their tour page' }).getAttribute('href')).toBe('/tour-web');
    expect(document.body.textContent).not.toMatch(/not configured|not set up|API key|_KEY|APP_ID/i);
    expect(page.location()).toBe('/');
  });
});

describe('MusicBrainz down while the tour-date sources work', () => {
  it('looks the typed name up at the sources instead of a bare "Search failed"', async () => {
    const server = lookupServer([
      view('running', [searching('ticketmaster')]),
      view('done', [{ provider: 'ticketmaster', state: 'none', dates: 0 }], null),
    ]);
    const answer: FetchStub = (request) =>
      request.path === '/api/search/suggestions'
        ? {
            status: 503,
            json: {
              error: { code: 'UNAVAILABLE', message: 'MusicBrainz did not answer correctly. Please try again.' },
            },
          }
        : server.answer(request);
    renderPage(<BandSearchForm />, { answer });
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Band name' }), 'copper wrens');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('Nobody lists tour dates for Copper Wrens yet.', {}, { timeout: 3000 });
    expect(screen.queryByText('Search failed')).toBeNull();
    expect(server.calls).toContain('POST /api/search/lookups');
  });
});
