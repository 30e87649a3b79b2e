import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';

describe('parseCsv', () => {
  it('reads quoted fields, doubled quotes, CRLF and LF, and skips blank lines', () => {
    const text = '\uFEFFartist,venue\r\n"Amber, Foxes","The ""Hall"""\n\nNeon,Roundhouse\n';
    expect(parseCsv(text)).toEqual([
      ['artist', 'venue'],
      ['Amber, Foxes', 'The "Hall"'],
      ['Neon', 'Roundhouse'],
    ]);
  });

  it('guesses a semicolon separator from the header', () => {
    expect(parseCsv('artist;date\nAmber Foxes;2024-01-02')).toEqual([
      ['artist', 'date'],
      ['Amber Foxes', '2024-01-02'],
    ]);
  });

  it('keeps a quoted line break inside a field', () => {
    expect(parseCsv('a,b\n"one\ntwo",3')).toEqual([
      ['a', 'b'],
      ['one\ntwo', '3'],
    ]);
  });
});
