import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type CatalogFile, validateCatalogFile } from '#shared/catalog-import.ts';
import { demoCatalogPath, shiftCatalogDates } from './catalog.seed.ts';

const demo = JSON.parse(fs.readFileSync(demoCatalogPath, 'utf8')) as CatalogFile;
const datesOf = (artist: CatalogFile['artists'][number]) =>
  artist.tours.flatMap((tour) => tour.stops.map((stop) => stop.date));

describe('shiftCatalogDates', () => {
  const file: CatalogFile = {
    referenceDate: '2026-11-21',
    artists: [
      {
        name: 'Band',
        tours: [{ name: 'Tour', stops: [{ date: '2026-12-31', venue: 'V', city: 'C', country: 'US' }] }],
      },
    ],
  };

  it('moves every date by the days between the reference date and today, across month and year ends', () => {
    const shifted = shiftCatalogDates(file, '2027-03-01');
    expect(shifted.referenceDate).toBe('2027-03-01');
    // 2026-11-21 → 2027-03-01 is 100 days.
    expect(shifted.artists[0]?.tours[0]?.stops[0]?.date).toBe('2027-04-10');
    expect(shiftCatalogDates(file, '2026-10-22').artists[0]?.tours[0]?.stops[0]?.date).toBe('2026-12-01');
    expect(file.artists[0]?.tours[0]?.stops[0]?.date).toBe('2026-12-31');
  });

  it('leaves files without a reference date alone', () => {
    const { referenceDate: _ignored, ...plain } = file;
    expect(shiftCatalogDates(plain, '2030-01-01')).toBe(plain);
  });
});

describe('the demo catalog', () => {
  it('is a valid catalog file with a reference date', () => {
    const result = validateCatalogFile(demo);
    expect(result.ok ? [] : result.problems).toEqual([]);
    expect(demo.referenceDate).toBe('2026-11-21');
  });

  it('has at least 60 artists, some only in the past, some with several tours', () => {
    expect(demo.artists.length).toBeGreaterThanOrEqual(60);
    const pastOnly = demo.artists.filter((artist) => datesOf(artist).every((date) => date < demo.referenceDate!));
    expect(pastOnly.length).toBeGreaterThanOrEqual(5);
    expect(demo.artists.filter((artist) => artist.tours.length > 1).length).toBeGreaterThanOrEqual(5);
  });

  it('spans six months back to twelve months ahead of its reference date', () => {
    const dates = demo.artists.flatMap(datesOf).sort();
    expect(dates[0]! >= '2026-05-21').toBe(true);
    expect(dates[0]! < '2026-07-01').toBe(true);
    expect(dates.at(-1)! <= '2027-11-21').toBe(true);
    expect(dates.at(-1)! > '2027-08-01').toBe(true);
  });

  it('exercises title-casing, the "The " rule and state-name conversion', () => {
    const names = demo.artists.map((artist) => artist.name);
    expect(names.filter((name) => /^the /i.test(name)).length).toBeGreaterThanOrEqual(5);
    expect(names.some((name) => name === name.toLowerCase())).toBe(true);
    expect(names.some((name) => /\b[A-Z]{2,}\b/.test(name) && /\b[a-z]+\b/.test(name))).toBe(true);
    const stops = demo.artists.flatMap((artist) => artist.tours.flatMap((tour) => tour.stops));
    expect(stops.some((stop) => stop.country === 'US' && (stop.region?.length ?? 0) > 2)).toBe(true);
    expect(new Set(stops.map((stop) => stop.country)).size).toBeGreaterThanOrEqual(6);
    expect(
      stops.every(
        (stop) => stop.lat !== undefined && stop.timeZone && stop.ticketUrl?.startsWith('https://tickets.example.com/'),
      ),
    ).toBe(true);
  });
});
