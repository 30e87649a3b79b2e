import { describe, expect, it } from 'vitest';
import { textTourPage } from '#tests/fakes/tour-sites.ts';
import { notOnPage, visibleText } from './text-reader.ts';

const row = {
  artist: 'Velvet Harbour',
  date: '2027-03-12',
  dateText: '12 March 2027',
  time: '20:00',
  venue: 'The Jazz Cellar',
  city: 'Bristol',
  country: 'UK',
  status: 'scheduled' as const,
  ticketUrl: null,
};

describe('page-text reader', () => {
  it('keeps the visible text only, one block a line, capped', () => {
    const text = visibleText(textTourPage());
    expect(text).toContain('Fri 12 March 2027 — The Jazz Cellar, Bristol, UK — 8pm Tickets');
    expect(text).not.toMatch(/Hidden Arena|secret|Nav Shop Link|<li>/);
    expect(text.split('\n')[0]).toBe('Velvet Harbour on tour');
    expect(visibleText(textTourPage(), 20)).toHaveLength(20);
  });

  it('accepts a row only when its venue, city and date are written on the page', () => {
    const text = visibleText(textTourPage());
    expect(notOnPage(row, text)).toBeNull();
    expect(notOnPage({ ...row, venue: 'the jazz  cellar' }, text)).toBeNull();
    expect(notOnPage({ ...row, venue: 'Hidden Arena' }, text)).toMatch(/venue/);
    expect(notOnPage({ ...row, city: 'Cardiff' }, text)).toMatch(/city/);
    expect(notOnPage({ ...row, dateText: '13 March 2027', date: '2027-03-13' }, text)).toMatch(/date/);
    // The text is on the page but the ISO date the model gave says another day, month or year.
    expect(notOnPage({ ...row, date: '2027-03-14' }, text)).toMatch(/date/);
    expect(notOnPage({ ...row, date: '2027-04-12' }, text)).toMatch(/date/);
    expect(notOnPage({ ...row, date: '2028-03-12' }, text)).toMatch(/date/);
  });
});
