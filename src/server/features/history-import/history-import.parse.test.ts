import { describe, expect, it } from 'vitest';
import { guessCsvMapping } from '#shared/setlists.ts';
import { countryCode, parseCsvRows, parseLooseDate } from './history-import.parse.ts';

describe('history import parsing', () => {
  it('reads the date layouts spreadsheets use, and refuses the rest', () => {
    expect(parseLooseDate('2024-05-17')).toBe('2024-05-17');
    expect(parseLooseDate('2024/5/7')).toBe('2024-05-07');
    expect(parseLooseDate('17.05.2024')).toBe('2024-05-17');
    expect(parseLooseDate('17-05-2024')).toBe('2024-05-17');
    expect(parseLooseDate('05/17/2024')).toBe('2024-05-17');
    expect(parseLooseDate('17/05/2024')).toBe('2024-05-17');
    expect(parseLooseDate('May 17, 2024')).toBe('2024-05-17');
    expect(parseLooseDate('17 May 2024')).toBe('2024-05-17');
    expect(parseLooseDate('2024-05-17T20:00:00Z')).toBe('2024-05-17');
    for (const bad of ['someday', '2024-02-30', '31/31/2024', '1890-01-01', '', 'Smarch 3, 2020']) {
      expect(parseLooseDate(bad), bad).toBeNull();
    }
  });

  it('knows countries by code or English name', () => {
    expect(countryCode('us')).toBe('US');
    expect(countryCode('United States')).toBe('US');
    expect(countryCode('germany')).toBe('DE');
    expect(countryCode('UK')).toBe('GB');
    expect(countryCode('Atlantis')).toBeNull();
  });

  it('guesses the mapping of common headers and reads rows through it', () => {
    expect(guessCsvMapping(['Date', 'Artist', 'Venue', 'City', 'Country'])).toEqual({
      date: 'Date',
      artist: 'Artist',
      venue: 'Venue',
      city: 'City',
      country: 'Country',
    });
    const rows = parseCsvRows('When,Band\n2024-01-02,"=Evil"\nbad,X\n', { date: 'When', artist: 'Band' });
    expect(rows.map((row) => [row.rowNumber, row.eventDate, row.artistName, row.problem])).toEqual([
      [2, '2024-01-02', '=Evil', null],
      [3, null, 'X', 'The date could not be read.'],
    ]);
  });
});
