import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CatalogRequestView, ChangeRequestView } from '#shared/catalog-requests.ts';
import { renderPage } from '#tests/component/render-page.tsx';
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

const render = () =>
  renderPage(<CatalogRequestsPage />, {
    path: '/admin/catalog-requests',
    answer: ({ path }) => {
      if (path === '/api/admin/catalog-requests') {
        return { status: 200, json: { requests: [request], total: 1, page: 1, totalPages: 1 } };
      }
      if (path === '/api/admin/catalog-requests/changes') return { status: 200, json: { changes: [change], total: 1 } };
      if (path === '/api/admin/audit') return { status: 200, json: { entries: [], nextCursor: null } };
      throw new Error(`No stubbed answer for ${path}`);
    },
  });

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
});
