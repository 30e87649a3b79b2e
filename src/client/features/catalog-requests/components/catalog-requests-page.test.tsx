import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CatalogRequestView, ChangeRequestView } from '#shared/catalog-requests.ts';
import { expectToast, renderPage } from '#tests/component/render-page.tsx';
import { CatalogRequestsPage } from './catalog-requests-page.tsx';

const request: CatalogRequestView = {
  stopId: '6c1d3a52-0b9e-4d1f-9a43-2f1c0f1e7a01',
  artistName: 'Copper Tide',
  artistSlug: 'copper-tide',
  newArtist: false,
  tourName: 'Fan submissions',
  date: '2026-10-03',
  time: '19:30',
  venueName: 'Diamond Hall',
  city: 'Nagoya',
  region: 'Aichi',
  country: 'JP',
  venueSlug: 'diamond-hall-nagoya-jp',
  submitter: { name: 'Sub Mitter', email: 'sub@example.com' },
  submittedAt: '2026-09-01T10:00:00.000Z',
  matches: [
    {
      stopId: '6c1d3a52-0b9e-4d1f-9a43-2f1c0f1e7a02',
      artistName: 'Copper Tide',
      artistSlug: 'copper-tide',
      date: '2026-10-04',
      venueName: 'Zepp Nagoya',
      city: 'Nagoya',
      region: 'Aichi',
      country: 'JP',
      reason: 'same-artist-near-date',
    },
  ],
};

const change: ChangeRequestView = {
  id: '6c1d3a52-0b9e-4d1f-9a43-2f1c0f1e7a03',
  stopId: '6c1d3a52-0b9e-4d1f-9a43-2f1c0f1e7a04',
  artistName: 'Amber Skies',
  artistSlug: 'amber-skies',
  stopSlug: 'amber-skies-2026-10-10-roundhouse',
  before: { date: '2026-10-10', time: '19:00', venue: 'Roundhouse', city: 'London', status: 'scheduled' },
  after: {
    date: '2026-10-11',
    time: '20:30',
    venue: 'Roundhouse',
    city: 'London',
    status: 'scheduled',
    region: null,
    country: 'GB',
    lat: null,
    lon: null,
    timeZone: 'Europe/London',
    ticketUrl: null,
  },
  sourceUrl: 'https://amber-skies.example/tour',
  submitter: null,
  createdAt: '2026-09-02T10:00:00.000Z',
};

const sent: { path: string; body: unknown }[] = [];
const render = () => {
  sent.length = 0;
  return renderPage(<CatalogRequestsPage />, {
    path: '/admin/catalog-requests',
    answer: ({ method, path, body }) => {
      if (method === 'POST') {
        sent.push({ path, body });
        return { status: 200, json: { message: 'approved.' } };
      }
      if (path === '/api/admin/catalog-requests') {
        return { status: 200, json: { requests: [request], total: 1, page: 1, totalPages: 1 } };
      }
      if (path === '/api/admin/catalog-requests/changes') return { status: 200, json: { changes: [change], total: 1 } };
      if (path === '/api/admin/audit') return { status: 200, json: { entries: [], nextCursor: null } };
      throw new Error(`No stubbed answer for ${path}`);
    },
  });
};

const requestCard = async () => (await screen.findByRole('heading', { name: 'Copper Tide', level: 2 })).closest('li')!;

describe('the catalog requests page', () => {
  it("shows a request's date and time as the app does, and its place with the one place label", async () => {
    render();
    const card = (await screen.findByRole('heading', { name: 'Copper Tide', level: 2 })).closest('li')!;
    expect(card.textContent).toContain('Sat, Oct 3, 2026 · 7:30 PM · Diamond Hall · Nagoya, Japan');
    expect(card.textContent).toContain('Sun, Oct 4, 2026 · Zepp Nagoya · Nagoya, Japan');
    expect(card.textContent).not.toMatch(/2026-10-0\d|19:30|\bJP\b/);
  });

  it("shows a change request's dates and times as the app does, never ISO or 24 h", async () => {
    render();
    const card = (await screen.findByRole('heading', { name: /^Amber Skies/, level: 3 })).closest('li')!;
    expect(card.textContent).toContain('Sat, Oct 10, 2026 · Roundhouse · London');
    const table = within(card).getByRole('table');
    expect(within(table).getByRole('row', { name: /^Date/ }).textContent).toContain('Sat, Oct 10, 2026');
    expect(within(table).getByRole('row', { name: /^Date/ }).textContent).toContain('Sun, Oct 11, 2026');
    expect(within(table).getByRole('row', { name: /^Time/ }).textContent).toContain('7:00 PM');
    expect(within(table).getByRole('row', { name: /^Time/ }).textContent).toContain('8:30 PM');
    expect(card.textContent).not.toMatch(/2026-10-1\d|19:00|20:30/);
  });

  it('edit, then approve: the edit is checked with the server schema before it is sent', async () => {
    const user = userEvent.setup();
    render();
    const card = await requestCard();
    await user.click(within(card).getByRole('button', { name: 'Edit, then approve' }));
    const slug = within(card).getByLabelText('Venue (catalog slug)');
    await user.clear(slug);
    await user.type(slug, 'Zepp Nagoya');
    await user.click(within(card).getByRole('button', { name: 'Save and approve' }));
    await expectToast('Not approved', 'Invalid string: must match pattern /^[a-z0-9-]{1,160}$/');
    expect(sent).toHaveLength(0);

    await user.clear(slug);
    await user.type(slug, 'zepp-nagoya-nagoya-jp');
    await user.clear(within(card).getByLabelText('Tour'));
    await user.type(within(card).getByLabelText('Tour'), '  Autumn run ');
    await user.click(within(card).getByRole('button', { name: 'Save and approve' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      path: `/api/admin/catalog-requests/${request.stopId}/approve`,
      body: { edit: { date: '2026-10-03', time: '19:30', tourName: 'Autumn run', venueSlug: 'zepp-nagoya-nagoya-jp' } },
    });
  });

  it('reject waits for a reason of three characters and sends it trimmed', async () => {
    const user = userEvent.setup();
    render();
    const card = await requestCard();
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    const reject = within(card).getByRole('button', { name: 'Reject and tell them' }) as HTMLButtonElement;
    expect(reject.disabled).toBe(true);
    await user.type(within(card).getByLabelText('Reason (the submitter reads it)'), ' Duplicate show ');
    await user.click(reject);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      path: `/api/admin/catalog-requests/${request.stopId}/reject`,
      body: { reason: 'Duplicate show' },
    });
  });
});
