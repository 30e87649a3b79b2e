import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TripShow } from '#shared/trips.ts';
import { renderPage } from '#tests/component/render-page.tsx';
import { TripDays } from './trip-days.tsx';

const show: TripShow = {
  stopId: '3f0b6a7e-1c2d-4e5f-8a9b-0c1d2e3f4a5c',
  artistName: 'Amber Skies',
  artistSlug: 'amber-skies',
  stopSlug: 'amber-skies-2026-10-03-diamond-hall',
  venueName: 'Diamond Hall',
  venueSlug: 'diamond-hall-nagoya-jp',
  city: 'Nagoya',
  region: 'Aichi',
  country: 'JP',
  date: '2026-10-03',
  time: null,
  timeZone: 'Asia/Tokyo',
  lat: 35.17,
  lon: 136.9,
  ticketUrl: null,
  status: 'scheduled',
  distanceKm: 2.4,
  rank: 'other',
  reason: null,
};

describe("a trip's days", () => {
  it("names each show's place with the one place label", async () => {
    renderPage(<TripDays days={[{ date: show.date, shows: [show] }]} hints={[]} />);
    const venue = await screen.findByRole('link', { name: 'Diamond Hall' });
    expect(venue.parentElement!.textContent).toBe('Diamond Hall · Nagoya, Japan · 2.4 km away');
  });
});
